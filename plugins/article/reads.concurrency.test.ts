import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleContract } from './contract';
import { articleFixture, type ArticleFixture } from './testing';

let f: ArticleFixture;
beforeAll(async () => {
  f = await articleFixture();
});
afterAll(() => f.t.close());

const readsOf = async (id: number) => (await f.t.db.selectFrom('article_post').select('reads').where('id', '=', id).executeTakeFirstOrThrow()).reads;

describe('read counts under a crowd', () => {
  it('30 reads at once by one shopper count one, and none fails', async () => {
    const id = await f.post({ title: '热门文章' });
    const ann = await f.t.createUser();
    const replies = await Promise.all(Array.from({ length: 30 }, () => f.t.call(articleContract.detail, { id }, { token: ann.token })));
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array.from({ length: 30 }, () => [200, 1]));
    expect(await readsOf(id)).toBe(1);
    expect(await f.t.db.selectFrom('article_read').select('reader').where('post_id', '=', id).execute()).toEqual([{ reader: `u:${ann.id}` }]);
  });

  it('30 shoppers reading at once count 30: no read is lost to another', async () => {
    const id = await f.post({ title: '人气文章' });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => f.t.createUser()));
    const replies = await Promise.all(shoppers.map((s) => f.t.call(articleContract.detail, { id }, { token: s.token })));
    expect(replies.every((r) => r.status === 200 && r.body.code === 1)).toBe(true);
    expect(await readsOf(id)).toBe(30);
  });
});
