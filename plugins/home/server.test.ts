import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBootstrap } from '@kernel/server/serve-app';
import { createTestServer, REPO_ROOT, type TestServer } from '@kernel/server/testing';
import { BANNER_SIZE } from './banner';
import { homeContract } from './contract';
import { LOGO_FILE, LOGO_SIZE } from './seed-pictures';

/** A JPEG's size, from its first start-of-frame marker (SOF0–SOF3). */
function jpegSize(picture: Buffer): { width: number; height: number } | null {
  for (let at = 2; at + 9 < picture.length; at += 2 + picture.readUInt16BE(at + 2)) {
    if (picture[at] !== 0xff) return null;
    if (picture[at + 1] >= 0xc0 && picture[at + 1] <= 0xc3) return { width: picture.readUInt16BE(at + 7), height: picture.readUInt16BE(at + 5) };
  }
  return null;
}

describe('home content call', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['home'], seed: true, now: Date.UTC(2025, 4, 1) });
  });
  afterAll(() => t.close());

  it('answers the seeded banners in order and the notices newest first', async () => {
    const { status, body } = await t.call(homeContract.index, {});
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data.banners.map((b) => b.image)).toEqual([1, 2, 3].map((n) => `/uploads/seed/banner-${n}.jpg`));
    expect(body.data.banners[0]).toMatchObject({ title: '数码焕新季', link: '/goods/list/list?keyword=极光' });
    expect(body.data.notices).toHaveLength(4);
    const times = body.data.notices.map((n) => n.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("puts the same content into index.html's first screen, with the first banner to preload", async () => {
    const { body } = await t.call(homeContract.index, {});
    const { storefront } = t.app;
    const warnings: string[] = [];
    const page = await pageBootstrap({ site: storefront.site, registry: storefront.registry, db: t.db, services: t.services }, { warn: (m) => warnings.push(m) });
    expect(page.bootstrap.data?.home).toEqual(body.data);
    // The very file the banner's Img then shows: its served widths, for the column.
    const widths = [128, 256, 375, 750].map((w) => `/uploads/seed/banner-1.jpg?w=${w} ${w}w`).join(', ');
    expect(page.preload).toEqual([{ href: '/uploads/seed/banner-1.jpg?w=750', srcset: widths, sizes: 'min(100vw, 450px)' }]);
    expect(warnings).toEqual([]);
  });

  it('answers banners and notices in English to an English request, and writes the English page in it, first paint included', async () => {
    const { body } = await t.call(homeContract.index, {}, { lang: 'en' });
    expect(body.data.banners[0].title).toBe('Digital upgrade season');
    expect(body.data.notices.map((n) => n.title)).toContain('Welcome to Youxuan Mall');
    expect(body.data.notices.every((n) => !/[\u4e00-\u9fff]/.test(n.title + n.content))).toBe(true);
    const { storefront } = t.app;
    const page = await pageBootstrap({ site: storefront.site, registry: storefront.registry, db: t.db, services: t.services }, { warn: () => {} }, 'en');
    expect(page.bootstrap.data?.home).toEqual(body.data);
    expect(page.paint).toContain('alt="Digital upgrade season"');
  });

  it('leaves out hidden banners and notices, and keeps the sort order', async () => {
    await t.db.updateTable('home_banner').set({ status: 0 }).where('title', '=', '鲜果到家').execute();
    await t.db.updateTable('home_banner').set({ sort: -1 }).where('title', '=', '居家好物节').execute();
    await t.db.updateTable('home_notice').set({ status: 0 }).where('title', '=', '谨防电信诈骗提醒').execute();
    const { body } = await t.call(homeContract.index, {});
    expect(body.data.banners.map((b) => b.title)).toEqual(['居家好物节', '数码焕新季']);
    expect(body.data.notices.map((n) => n.title)).not.toContain('谨防电信诈骗提醒');
  });

  it('ships the site logo, a square PNG, and writes the banners, small JPEG pictures of the banner box, for the demo site', async () => {
    const dir = path.join(t.dataDir, 'uploads', 'seed');
    const logo = readFileSync(path.join(REPO_ROOT, 'app', 'public', LOGO_FILE));
    expect(await fileTypeFromBuffer(logo)).toMatchObject({ mime: 'image/png' });
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([logo.readUInt32BE(16), logo.readUInt32BE(20)]).toEqual([LOGO_SIZE, LOGO_SIZE]);
    for (const n of [1, 2, 3]) {
      const picture = readFileSync(path.join(dir, `banner-${n}.jpg`));
      expect(picture.length).toBeLessThan(32 * 1024);
      expect(await fileTypeFromBuffer(picture)).toMatchObject({ mime: 'image/jpeg' });
      expect(jpegSize(picture)).toEqual(BANNER_SIZE);
    }
  });

  it('serves the seeded pictures under /uploads/', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/uploads/seed/banner-1.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });
});
