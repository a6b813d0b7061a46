import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSite } from '@kernel/server/seed';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { articleContract } from './contract';
import { ARTICLES, NOTICES } from './seed-posts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['article'], seed: true });
});
afterAll(() => t.close());

describe('the demo articles and notices', () => {
  it('publishes articles in three categories, newest first, with covers and pictures the other seeds wrote', async () => {
    const page = (await t.call(articleContract.list, { limit: 50 })).body.data;
    expect(page.categories.map((c) => c.name)).toEqual(['新品速递', '生活方式', '购物指南']);
    expect(page.list.map((a) => a.title)).toEqual(ARTICLES.map((a) => a.title));
    const english = (await t.call(articleContract.list, { limit: 50 }, { lang: 'en' })).body.data;
    expect(english.categories.map((c) => c.name)).toEqual(['New arrivals', 'Lifestyle', 'Shopping guide']);
    expect(english.list.map((a) => a.title)).toEqual(ARTICLES.map((a) => a.titleEn));
    for (const article of page.list) {
      expect(article.cover).toMatch(/^\/uploads\/seed\//);
      expect(existsSync(path.join(t.app.storefront.uploadsDir, article.cover.slice('/uploads/'.length))), article.cover).toBe(true);
      const detail = (await t.call(articleContract.detail, { id: article.id, visitor: 'seed-test' })).body.data;
      const picture = /<img src="([^"]+)"/.exec(detail.body)?.[1] ?? '';
      expect(existsSync(path.join(t.app.storefront.uploadsDir, picture.slice('/uploads/'.length))), picture).toBe(true);
    }
  });

  it("links demo goods in the article's order, leaving out the one off sale", async () => {
    const page = (await t.call(articleContract.list, { keyword: '耳机' })).body.data;
    const guide = (await t.call(articleContract.detail, { id: page.list[0].id })).body.data;
    expect(guide.title).toBe('如何挑选一副适合自己的耳机');
    expect(guide.goods.map((g) => g.name)).toEqual(['声悦 Pods Pro 主动降噪耳机', '声悦 H1 头戴式蓝牙耳机']);
  });

  it('publishes the notices, newest first, in both languages, and seeds once', async () => {
    const zh = (await t.call(articleContract.notices, { limit: 50 })).body.data;
    expect(zh.list.map((n) => n.title)).toEqual(NOTICES.map((n) => n.title));
    expect(zh.list.every((n) => n.summary.length > 0)).toBe(true);
    const en = (await t.call(articleContract.notices, { limit: 50 }, { lang: 'en' })).body.data;
    expect(en.list.map((n) => n.title)).toEqual(NOTICES.map((n) => n.titleEn));
    await seedSite(t.app);
    expect((await t.call(articleContract.notices, { limit: 50 })).body.data.total).toBe(NOTICES.length);
  });
});
