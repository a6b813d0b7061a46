import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { teamContract } from './contract';
import { teamInvariants } from './invariants';
import type {} from './tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['team'] });
});
afterAll(() => t.close());

const codeOf = async (user: TestUser) => (await t.services.users.info(user.id)).invite;
const bind = async (who: TestUser, of: TestUser | string, lang?: 'en') => t.call(teamContract.bind, { invite: typeof of === 'string' ? of : await codeOf(of) }, { token: who.token, lang });
const parentOf = async (user: TestUser) => (await t.db.selectFrom('kernel_user').select('parent_id').where('id', '=', user.id).executeTakeFirstOrThrow()).parent_id;
/** A shopper registered with `parent`'s code. */
const invitedBy = async (parent: TestUser) => {
  const user = await t.createUser();
  await t.db.updateTable('kernel_user').set({ parent_id: parent.id }).where('id', '=', user.id).execute();
  return user;
};
const cycles = async () => (await Promise.all(teamInvariants.map((i) => i.check(t.db)))).flat();

describe('binding an inviter by code', () => {
  it('binds a shopper invited by nobody, once, and dates it', async () => {
    const [ann, bob, cat] = [await t.createUser({ nickname: '安' }), await t.createUser(), await t.createUser()];
    const reply = await bind(bob, ` ${(await codeOf(ann)).toLowerCase()} `);
    expect(reply.body).toMatchObject({ code: 1, data: { nickname: '安', bound_at: t.clock.nowSeconds() } });
    expect(await parentOf(bob)).toBe(ann.id);
    const again = await bind(bob, cat);
    expect(again.body).toMatchObject({ code: 0, msg: '您已绑定邀请人，不能更改' });
    expect(await parentOf(bob)).toBe(ann.id);
    expect(await t.db.selectFrom('team_binding').select(['parent_id', 'via']).where('user_id', '=', bob.id).execute()).toEqual([{ parent_id: ann.id, via: 'code' }]);
  });

  it('refuses an unknown code, the shopper’s own and one of their own team, beside the field, in their language', async () => {
    const ann = await t.createUser();
    const bob = await invitedBy(ann);
    const cat = await invitedBy(bob);
    const unknown = await bind(ann, 'ZZZZZZ', 'en');
    expect(unknown.body).toMatchObject({ code: 0, msg: 'The invite code "ZZZZZZ" does not exist; check it and try again', data: { field: 'invite' } });
    expect((await bind(ann, ann)).body).toMatchObject({ code: 0, msg: '不能填写自己的邀请码', data: { field: 'invite' } });
    // ann → bob → cat: ann under cat would close a cycle of three.
    expect((await bind(ann, cat)).body).toMatchObject({ code: 0, msg: '对方是您团队中的成员，不能绑定为您的邀请人', data: { field: 'invite' } });
    expect((await bind(ann, bob)).body.code).toBe(0);
    expect(await parentOf(ann)).toBeNull();
    expect(await t.db.selectFrom('team_binding').select('id').where('user_id', '=', ann.id).execute()).toEqual([]);
  });
});

describe('bindings racing to close a cycle', () => {
  it('lets at most one of two shoppers binding to each other succeed, for 20 pairs at once', async () => {
    const pairs = await Promise.all(Array.from({ length: 20 }, async () => [await t.createUser(), await t.createUser()] as const));
    const codes = await Promise.all(pairs.map(async ([a, b]) => [await codeOf(a), await codeOf(b)] as const));
    const replies = await Promise.all(pairs.flatMap(([a, b], i) => [bind(a, codes[i][1]), bind(b, codes[i][0])]));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    for (let i = 0; i < pairs.length; i++) expect(replies[2 * i].body.code + replies[2 * i + 1].body.code).toBeLessThanOrEqual(1);
    expect(replies.filter((r) => r.body.code === 1).length).toBeGreaterThanOrEqual(1);
    expect(await cycles()).toEqual([]);
  });

  it('lets at most two of three shoppers binding in a ring succeed', async () => {
    const ring = [await t.createUser(), await t.createUser(), await t.createUser()];
    const codes = await Promise.all(ring.map(codeOf));
    const replies = await Promise.all(ring.map((user, i) => bind(user, codes[(i + 1) % 3])));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.code === 1).length).toBeLessThanOrEqual(2);
    expect(await cycles()).toEqual([]);
  });
});

describe("doctor's invariant", () => {
  it('names every shopper in a cycle made by hand, and nobody otherwise', async () => {
    expect(await cycles()).toEqual([]);
    const a = await t.createUser();
    const b = await invitedBy(a);
    await t.db.updateTable('kernel_user').set({ parent_id: b.id }).where('id', '=', a.id).execute();
    expect(await cycles()).toEqual([`user ${a.id} is their own inviter`, `user ${b.id} is their own inviter`]);
    await t.db.updateTable('kernel_user').set({ parent_id: null }).where('id', '=', a.id).execute();
    expect(await cycles()).toEqual([]);
  });
});
