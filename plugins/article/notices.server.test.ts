import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleContract } from './contract';
import article from './server';
import { setHidden } from './publish';
import { articleFixture, HOUR, type ArticleFixture } from './testing';

let f: ArticleFixture;
beforeAll(async () => {
  f = await articleFixture();
});
afterAll(() => f.t.close());

const notices = async (token?: string, payload: { page?: number; limit?: number } = {}, lang?: string) => (await f.t.call(articleContract.notices, payload, { token, lang })).body.data;
const notice = (id: number, token?: string, lang?: string) => f.t.call(articleContract.notice, { id }, { token, lang });
const flags = async (token?: string) => Object.fromEntries((await notices(token, { limit: 50 })).list.map((n) => [n.title, n.read]));

describe('notices: read state per shopper', () => {
  it("marks what each shopper has read, counts what they have not, and reads every notice as unread for a visitor", async () => {
    const now = f.t.clock.nowSeconds();
    const first = await f.post({ kind: 'notice', title: '发货通知', summary: '春节发货安排', bodyHtml: '<p>春节期间暂停发货</p>', publishedAt: now - 3 * HOUR });
    await f.post({ kind: 'notice', title: '支付通知', bodyHtml: '<p>新增余额支付</p>', publishedAt: now - 2 * HOUR });
    const ann = await f.t.createUser();
    const bob = await f.t.createUser();

    const before = await notices(ann.token);
    expect(before).toMatchObject({ total: 2, unread: 2, page: 1, limit: 10 });
    expect(before.list).toEqual([
      { id: expect.any(Number), title: '支付通知', summary: '新增余额支付', published_at: now - 2 * HOUR, read: 0 },
      { id: first, title: '发货通知', summary: '春节发货安排', published_at: now - 3 * HOUR, read: 0 },
    ]);

    const opened = await notice(first, ann.token);
    expect(opened.body).toMatchObject({ code: 1, data: { id: first, title: '发货通知', body: '<p>春节期间暂停发货</p>', published_at: now - 3 * HOUR, read: 1 } });
    // Opened again: still one read, nothing counted twice.
    await notice(first, ann.token);
    expect(await notices(ann.token)).toMatchObject({ unread: 1 });
    expect(await flags(ann.token)).toEqual({ 发货通知: 1, 支付通知: 0 });
    expect(await f.t.db.selectFrom('article_notice_read').select('user_id').where('post_id', '=', first).execute()).toEqual([{ user_id: ann.id }]);

    // Bob's state is his own; a visitor reads but marks nothing.
    expect(await notices(bob.token)).toMatchObject({ unread: 2 });
    expect(await flags(bob.token)).toEqual({ 发货通知: 0, 支付通知: 0 });
    expect((await notice(first)).body.data.read).toBe(0);
    expect(await notices()).toMatchObject({ total: 2, unread: 0 });
    expect(await flags()).toEqual({ 发货通知: 0, 支付通知: 0 });
    expect(await f.t.db.selectFrom('article_notice_read').select('user_id').where('post_id', '=', first).execute()).toHaveLength(1);
  });

  it('keeps a scheduled notice out of the list, the unread count and the detail until its time, and a hidden one for good', async () => {
    const ann = await f.t.createUser();
    const total = (await notices(ann.token)).total;
    const later = await f.post({ kind: 'notice', title: '会员日预告', publishedAt: f.t.clock.nowSeconds() + HOUR });
    const hidden = await f.post({ kind: 'notice', title: '撤下的公告' });
    await setHidden(f.t.db, hidden, true, f.t.clock.nowSeconds());
    expect(await notices(ann.token)).toMatchObject({ total, unread: total });
    expect((await notice(later, ann.token)).body).toMatchObject({ code: 0, msg: '公告不存在或尚未发布' });
    expect((await notice(hidden, ann.token, 'en')).body).toMatchObject({ code: 0, msg: 'This notice does not exist or is not published yet' });
    // A refused detail marks nothing read.
    expect(await f.t.db.selectFrom('article_notice_read').select('post_id').where('user_id', '=', ann.id).execute()).toEqual([]);

    f.t.clock.advance(HOUR * 1000);
    const now = await notices(ann.token);
    expect(now).toMatchObject({ total: total + 1, unread: total + 1 });
    expect(now.list[0]).toMatchObject({ id: later, title: '会员日预告', read: 0 });
    expect((await notice(later, ann.token)).body.data.read).toBe(1);
    expect(await notices(ann.token)).toMatchObject({ unread: total });
    expect((await notice(hidden, ann.token)).body.code).toBe(0);
  });

  it('is no article: a notice list holds no articles, and an article is no notice', async () => {
    const article = await f.post({ title: '一篇文章' });
    expect((await notices(undefined, { limit: 50 })).list.map((n) => n.id)).not.toContain(article);
    expect((await notice(article)).body.code).toBe(0);
  });

  it('pages, newest first, in English where written', async () => {
    const now = f.t.clock.nowSeconds();
    await f.post({ kind: 'notice', title: '隐私政策更新', titleEn: 'Privacy policy updated', bodyHtml: '<p>中文</p>', bodyHtmlEn: '<p>English</p>', publishedAt: now });
    const page = await notices(undefined, { limit: 2 }, 'en');
    expect(page.list[0]).toMatchObject({ title: 'Privacy policy updated', summary: 'English' });
    expect(page.list).toHaveLength(2);
    const all = await notices(undefined, { limit: 50 });
    expect((await notices(undefined, { limit: 2, page: 2 })).list.map((n) => n.id)).toEqual(all.list.slice(2, 4).map((n) => n.id));
    expect((await notice(page.list[0].id, undefined, 'en')).body.data).toMatchObject({ title: 'Privacy policy updated', body: '<p>English</p>' });
  });
});

describe('the home notice bar in index.html', () => {
  it("writes the newest published notices, as a visitor sees them, in the page's language", async () => {
    const hidden = await f.post({ kind: 'notice', title: '首屏隐藏' });
    await setHidden(f.t.db, hidden, true, f.t.clock.nowSeconds());
    const later = await f.post({ kind: 'notice', title: '首屏将来', publishedAt: f.t.clock.nowSeconds() + HOUR });
    const ctx = { db: f.t.db, site: f.t.site.current().file.site, settings: {}, services: f.t.services, enabled: ['article'], lang: 'en' as const };
    const screen = await article.firstScreen!(ctx);
    expect(screen?.data).toEqual(await notices(undefined, { limit: 5 }, 'en'));
    expect(screen?.data).toMatchObject({ page: 1, limit: 5, unread: 0, list: expect.arrayContaining([expect.objectContaining({ title: 'Privacy policy updated' })]) });
    expect((screen?.data as { list: { id: number }[] }).list.map((n) => n.id)).not.toContain(hidden);
    expect((screen?.data as { list: { id: number }[] }).list.map((n) => n.id)).not.toContain(later);
  });
});
