import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDayStart } from '@kernel/server/clock';
import { articleContract } from './contract';
import { setHidden } from './publish';
import { articleFixture, DAY, HOUR, type ArticleFixture } from './testing';

let f: ArticleFixture;
beforeAll(async () => {
  f = await articleFixture();
});
afterAll(() => f.t.close());

const list = async (payload: { category_id?: number; keyword?: string; page?: number; limit?: number } = {}, lang?: string) =>
  (await f.t.call(articleContract.list, payload, { lang })).body.data;
const detail = (id: number, options: { token?: string; lang?: string; visitor?: string } = {}) =>
  f.t.call(articleContract.detail, { id, ...(options.visitor ? { visitor: options.visitor } : {}) }, { token: options.token, lang: options.lang });
const categoryId = async (name: string) => (await f.t.db.selectFrom('article_category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const titles = async (category: string) => (await list({ category_id: await categoryId(category) })).list.map((a) => a.title);

describe('rich text: sanitised when written and again when read', () => {
  it('removes scripts, event handlers and javascript: links, and keeps the allowed markup', async () => {
    const dirty =
      '<h3>标题</h3><p><strong>粗体</strong> <em>斜体</em><script>alert(1)</script></p>' +
      '<p><img src="/uploads/seed/a.png" alt="图" onerror="steal()"></p>' +
      '<p><a href="javascript:alert(1)">坏链接</a> <a href="https://example.com/x">外链</a> <a href="/goods/detail?id=1">商品</a></p>';
    const id = await f.post({ title: '净化', category: '净化测试', bodyHtml: dirty });
    const stored = (await f.t.db.selectFrom('article_post').select('body_html').where('id', '=', id).executeTakeFirstOrThrow()).body_html;
    const clean =
      '<h3>标题</h3><p><strong>粗体</strong> <em>斜体</em></p>' +
      '<p><img src="/uploads/seed/a.png" alt="图" /></p>' +
      '<p><a>坏链接</a> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">外链</a> <a href="/goods/detail?id=1">商品</a></p>';
    expect(stored).toBe(clean);
    expect((await detail(id)).body.data.body).toBe(clean);

    // A row written before a rule tightened (or by hand) is still served clean.
    await f.t.db.updateTable('article_post').set({ body_html: '<p onclick="x()">旧<script>alert(1)</script></p><img src="javascript:alert(1)">' }).where('id', '=', id).execute();
    expect((await detail(id)).body.data.body).toBe('<p>旧</p><img />');
  });
});

describe('publishing: scheduled and hidden articles', () => {
  it('keeps a scheduled article out of the list, the tabs and the detail until its time, then shows it', async () => {
    const id = await f.post({ title: '预告', category: '定时分类', publishedAt: f.t.clock.nowSeconds() + 2 * HOUR });
    const tab = await categoryId('定时分类');
    expect((await list()).list.map((a) => a.id)).not.toContain(id);
    expect((await list()).categories.map((c) => c.id)).not.toContain(tab);
    expect(await titles('定时分类')).toEqual([]);
    expect((await detail(id)).body).toMatchObject({ code: 0, msg: '文章不存在或尚未发布' });
    expect((await f.t.db.selectFrom('article_post').select('reads').where('id', '=', id).executeTakeFirstOrThrow()).reads).toBe(0);

    f.t.clock.advance(2 * HOUR * 1000);
    expect((await list()).list[0]).toMatchObject({ id, title: '预告', category_id: tab });
    expect((await list()).categories.map((c) => c.id)).toContain(tab);
    expect((await detail(id)).body).toMatchObject({ code: 1, data: { id, title: '预告', reads: 1 } });
  });

  it('never shows a hidden article, and shows it again once the operator does', async () => {
    const id = await f.post({ title: '隐藏', category: '隐藏分类' });
    await setHidden(f.t.db, id, true, f.t.clock.nowSeconds());
    expect(await titles('隐藏分类')).toEqual([]);
    expect((await list()).categories.map((c) => c.name)).not.toContain('隐藏分类');
    expect((await detail(id, { lang: 'en' })).body).toMatchObject({ code: 0, msg: 'This article does not exist or is not published yet' });
    await setHidden(f.t.db, id, false, f.t.clock.nowSeconds());
    expect(await titles('隐藏分类')).toEqual(['隐藏']);
  });
});

describe('POST /api/article/list', () => {
  it('tabs only the categories holding a published article, by their sort order', async () => {
    await f.post({ title: '乙', category: '乙分类' });
    await f.post({ title: '甲', category: '甲分类' });
    await f.t.db.insertInto('article_category').values({ name: '空分类', sort: -1 }).execute();
    await f.t.db.updateTable('article_category').set({ sort: -2 }).where('name', '=', '甲分类').execute();
    await f.t.db.updateTable('article_category').set({ sort: -3 }).where('name', '=', '乙分类').execute();
    const names = (await list()).categories.map((c) => c.name);
    expect(names).not.toContain('空分类');
    expect(names.slice(0, 2)).toEqual(['乙分类', '甲分类']);
    // A category switched off is no tab, though its articles stay in "all".
    await f.t.db.updateTable('article_category').set({ status: 0 }).where('name', '=', '乙分类').execute();
    expect((await list()).categories.map((c) => c.name)).not.toContain('乙分类');
  });

  it('lists one category newest first, in pages', async () => {
    const now = f.t.clock.nowSeconds();
    for (let i = 1; i <= 5; i++) await f.post({ title: `第${i}篇`, category: '分页', publishedAt: now - (10 - i) * HOUR, cover: `/uploads/c${i}.png`, summary: `摘要${i}` });
    const first = await list({ category_id: await categoryId('分页'), limit: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.list).toEqual([
      { id: expect.any(Number), category_id: await categoryId('分页'), title: '第5篇', summary: '摘要5', cover: '/uploads/c5.png', published_at: now - 5 * HOUR, reads: 0 },
      expect.objectContaining({ title: '第4篇' }),
    ]);
    const third = await list({ category_id: await categoryId('分页'), limit: 2, page: 3 });
    expect(third.list.map((a) => a.title)).toEqual(['第1篇']);
    // 0 is every category.
    expect((await list({ category_id: 0, limit: 50 })).total).toBeGreaterThan(5);
  });

  it('finds articles by a keyword in the title or summary, in any case, taking % and _ as themselves', async () => {
    await f.post({ title: 'Winter Coats 指南', summary: '保暖' });
    await f.post({ title: '跑步', summary: '选一双 RUNNING shoes' });
    await f.post({ title: '100% 棉', summary: '纯棉_面料' });
    await f.post({ title: '1000 棉', summary: '纯棉面料' });
    const found = async (keyword: string) => (await list({ keyword, limit: 50 })).list.map((a) => a.title);
    expect(await found('winter coats')).toEqual(['Winter Coats 指南']);
    expect(await found('running')).toEqual(['跑步']);
    expect(await found('100%')).toEqual(['100% 棉']);
    expect(await found('棉_')).toEqual(['100% 棉']);
    expect(await list({ keyword: '没有这个词' })).toMatchObject({ list: [], total: 0 });
  });

  it('answers in English where the operator wrote it, in Chinese where not', async () => {
    await f.post({ title: '双语', titleEn: 'Bilingual', summary: '中文摘要', summaryEn: 'English summary', category: '双语分类', categoryEn: 'Both languages', bodyHtml: '<p>中文</p>', bodyHtmlEn: '<p>English</p>' });
    const only = await f.post({ title: '只有中文', summary: '仅中文', category: '双语分类' });
    const en = await list({ category_id: await categoryId('双语分类') }, 'en');
    expect(en.list.map((a) => [a.title, a.summary])).toEqual([
      ['只有中文', '仅中文'],
      ['Bilingual', 'English summary'],
    ]);
    expect(en.categories.find((c) => c.id === en.list[0].category_id)?.name).toBe('Both languages');
    expect((await list({ keyword: 'bilingual' }, 'en')).list.map((a) => a.title)).toEqual(['Bilingual']);
    const bilingual = en.list[1].id;
    expect((await detail(bilingual, { lang: 'en' })).body.data).toMatchObject({ title: 'Bilingual', body: '<p>English</p>', category: 'Both languages' });
    expect((await detail(bilingual)).body.data).toMatchObject({ title: '双语', body: '<p>中文</p>', category: '双语分类' });
    expect((await detail(only, { lang: 'en' })).body.data).toMatchObject({ title: '只有中文', body: '<p>正文</p>' });
  });
});

describe('POST /api/article/detail', () => {
  it("shows the linked goods that are on sale, in the article's order, in the request's language", async () => {
    const { phone, pods, off } = f.goods;
    const id = await f.post({ title: '好物', category: '好物分类', goodsIds: [pods, off, phone] });
    const { body } = await detail(id);
    expect(body.data).toMatchObject({ id, title: '好物', category: '好物分类', reads: 1 });
    expect(body.data.goods.map((g) => [g.id, g.name])).toEqual([
      [pods, '声悦耳机'],
      [phone, '极光手机'],
    ]);
    expect((await detail(id, { lang: 'en' })).body.data.goods.map((g) => g.name)).toEqual(['Sonic earbuds', 'Aurora phone']);
    const plain = await f.post({ title: '无商品' });
    expect((await detail(plain)).body.data).toMatchObject({ goods: [], category: '' });
  });

  it('answers "not found" for an unknown id or a notice', async () => {
    const notice = await f.post({ kind: 'notice', title: '公告' });
    expect((await detail(notice)).body).toMatchObject({ code: 0, msg: '文章不存在或尚未发布' });
    expect((await detail(999_999)).body).toMatchObject({ code: 0, msg: '文章不存在或尚未发布' });
  });

  it('counts a read once per shopper per business day, a visitor apart by their id, and again the next day', async () => {
    const id = await f.post({ title: '阅读', category: '阅读分类' });
    const ann = await f.t.createUser();
    const bob = await f.t.createUser();
    const reads = async () => (await f.t.db.selectFrom('article_post').select('reads').where('id', '=', id).executeTakeFirstOrThrow()).reads;
    expect((await detail(id, { token: ann.token })).body.data.reads).toBe(1);
    expect((await detail(id, { token: ann.token, visitor: 'ann-browser' })).body.data.reads).toBe(1);
    expect((await detail(id, { token: bob.token })).body.data.reads).toBe(2);
    expect((await detail(id, { visitor: 'v-1' })).body.data.reads).toBe(3);
    expect((await detail(id, { visitor: 'v-1' })).body.data.reads).toBe(3);
    expect((await detail(id, { visitor: 'v-2' })).body.data.reads).toBe(4);
    // Without a visitor id, the address stands for the reader.
    await detail(id);
    await detail(id);
    expect(await reads()).toBe(5);
    expect((await titles('阅读分类')).length).toBe(1);
    expect((await list({ category_id: await categoryId('阅读分类') })).list[0].reads).toBe(5);

    // The business day turns at midnight in Shanghai: 23:59 is still today, a minute on is tomorrow.
    f.t.clock.set(businessDayStart(f.t.clock.now()) + (DAY - 60) * 1000);
    await detail(id, { token: ann.token });
    expect(await reads()).toBe(5);
    f.t.clock.advance(60_000);
    expect((await detail(id, { token: ann.token })).body.data.reads).toBe(6);
    expect((await detail(id, { visitor: 'v-1' })).body.data.reads).toBe(7);
  });
});
