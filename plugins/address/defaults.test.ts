import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { addressContract, type Address, type SaveAddress } from './contract';
import { newAddress } from './fixtures';
import { addressInvariants } from './invariants';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['address'], now: Date.UTC(2025, 4, 1) });
});
afterAll(() => t.close());

const as = (user: TestUser) => ({ token: user.token });
const saved = async (user: TestUser, payload: SaveAddress = newAddress()) => {
  const { body } = await t.call(addressContract.save, payload, as(user));
  expect(body.code).toBe(1);
  t.clock.advance(1000); // each address a second newer than the last
  return body.data;
};
const list = async (user: TestUser) => (await t.call(addressContract.list, {}, as(user))).body.data;
const defaults = async (user: TestUser) => (await list(user)).filter((a) => a.is_default === 1).map((a) => a.id);
const oneDefaultEach = () => addressInvariants[0].check(t.db);

describe('exactly one default address', () => {
  it('makes the first address the default, and leaves later ones alone', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    await saved(ann);
    expect(await defaults(ann)).toEqual([first.id]);
  });

  it('moves the default to an address saved with is_default 1, new or edited', async () => {
    const ann = await t.createUser();
    await saved(ann);
    const second = await saved(ann, newAddress({ is_default: 1 }));
    expect(await defaults(ann)).toEqual([second.id]);
    const third = await saved(ann);
    await saved(ann, newAddress({ id: third.id, is_default: true }));
    expect(await defaults(ann)).toEqual([third.id]);
  });

  it('keeps the default when it is edited with is_default 0: only choosing another moves it', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    await saved(ann);
    expect((await saved(ann, newAddress({ id: first.id, is_default: 0, detail: '新街1号' }))).is_default).toBe(1);
    expect(await defaults(ann)).toEqual([first.id]);
  });

  it('hands the default to the newest remaining address when the default is deleted', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    const second = await saved(ann);
    const third = await saved(ann);
    await saved(ann, newAddress({ id: second.id, detail: '改过的地址' })); // edited last, yet not the newest
    await t.call(addressContract.remove, { id: first.id }, as(ann));
    expect(await defaults(ann)).toEqual([third.id]);
    await t.call(addressContract.remove, { id: third.id }, as(ann));
    expect(await defaults(ann)).toEqual([second.id]);
    await t.call(addressContract.remove, { id: second.id }, as(ann));
    expect(await list(ann)).toEqual([]);
  });

  it('leaves the default where it is when another address is deleted', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    const second = await saved(ann);
    await t.call(addressContract.remove, { id: second.id }, as(ann));
    expect(await defaults(ann)).toEqual([first.id]);
  });

  it("never touches another shopper's default", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const bobs = await saved(bob);
    const anns = await saved(ann);
    await saved(ann, newAddress({ is_default: 1 }));
    await t.call(addressContract.setDefault, { id: anns.id }, as(ann));
    expect(await defaults(bob)).toEqual([bobs.id]);
  });

  it('holds under 20 concurrent setDefault and save-with-default calls: exactly one default, one of those asked for', async () => {
    const ann = await t.createUser();
    const existing: Address[] = [];
    for (let i = 0; i < 10; i++) existing.push(await saved(ann));
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? t.call(addressContract.setDefault, { id: existing[i / 2].id }, as(ann))
          : t.call(addressContract.save, newAddress({ is_default: 1, detail: `并发路${i}号` }), as(ann)),
      ),
    );
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    const all = await list(ann);
    expect(all).toHaveLength(20);
    expect(all.filter((a) => a.is_default === 1)).toHaveLength(1);
    expect(await oneDefaultEach()).toEqual([]);
  });

  it('gives a new shopper exactly one default when 20 first addresses arrive at once', async () => {
    const ann = await t.createUser();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(addressContract.save, newAddress({ detail: `同时路${i}号` }), as(ann))),
    );
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    expect(replies.filter((r) => r.body.data.is_default === 1)).toHaveLength(1);
    expect(await defaults(ann)).toHaveLength(1);
  });

  it('keeps the cap under 25 concurrent adds: 20 saved, 5 refused', async () => {
    const ann = await t.createUser();
    const replies = await Promise.all(Array.from({ length: 25 }, () => t.call(addressContract.save, newAddress(), as(ann))));
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(20);
    expect(await list(ann)).toHaveLength(20);
  });

  it('is guarded by the database too: a second default row is refused even from code that forgets the rule', async () => {
    const ann = await t.createUser();
    const first = await saved(ann);
    const second = await saved(ann);
    // SQLite says UNIQUE, PostgreSQL "unique constraint".
    await expect(t.db.updateTable('address_address').set({ is_default: 1 }).where('id', '=', second.id).execute()).rejects.toThrow(/UNIQUE|unique constraint/);
    expect(await defaults(ann)).toEqual([first.id]);
  });

  it('is what `storefront doctor` checks, naming the shopper who breaks it', async () => {
    const ann = await t.createUser();
    await saved(ann);
    expect(await oneDefaultEach()).toEqual([]);
    await t.db.updateTable('address_address').set({ is_default: 0 }).where('user_id', '=', ann.id).execute();
    expect(await oneDefaultEach()).toEqual([`user ${ann.id}: 0 default addresses among 1, expected 1`]);
    await t.db.updateTable('address_address').set({ is_default: 1 }).where('user_id', '=', ann.id).execute();
  });
});
