import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitees, inviteeCount, inviterOf, invitersOf, selfInviters, setInviter } from './invite-tree';
import { createTestServer, type TestServer, type TestUser } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

const under = async (parent: TestUser | null, nickname: string, mobile?: string) => {
  const user = await t.createUser({ nickname, mobile });
  if (parent) await t.db.transaction().execute((tx) => setInviter(tx, user.id, parent.id));
  return user;
};

describe('the invite tree', () => {
  it('walks up from a user, nearest first, as far as asked', async () => {
    const a = await under(null, 'a');
    const b = await under(a, 'b');
    const c = await under(b, 'c');
    expect(await invitersOf(t.db, c.id)).toEqual([b.id, a.id]);
    expect(await invitersOf(t.db, c.id, 1)).toEqual([b.id]);
    expect(await invitersOf(t.db, a.id)).toEqual([]);
    expect(await inviterOf(t.db, c.id)).toMatchObject({ parentId: b.id });
    expect(await inviterOf(t.db, 999_999)).toBeNull();
  });

  it('lists a team on a level, newest first, searchable with % matching itself, and counts it', async () => {
    const boss = await under(null, 'boss');
    const one = await under(boss, '小林', '13900000001');
    const two = await under(boss, '100%满意', '13900000002');
    const deep = await under(one, '老周', '13900000003');
    const level1 = await invitees(t.db, { of: boss.id, level: 1, page: 1, limit: 10 });
    expect(level1.rows.map((r) => r.id)).toEqual([two.id, one.id]);
    expect((await invitees(t.db, { of: boss.id, level: 2, page: 1, limit: 10 })).rows.map((r) => [r.id, r.parentId])).toEqual([[deep.id, one.id]]);
    expect((await invitees(t.db, { of: boss.id, level: 1, keyword: ' 0% ', page: 1, limit: 10 })).rows.map((r) => r.id)).toEqual([two.id]);
    expect((await invitees(t.db, { of: boss.id, level: 1, keyword: '0000001', page: 1, limit: 10 })).rows.map((r) => r.id)).toEqual([one.id]);
    expect((await invitees(t.db, { of: boss.id, level: 1, page: 2, limit: 1 })).rows.map((r) => r.id)).toEqual([one.id]);
    expect([await inviteeCount(t.db, boss.id, 1), await inviteeCount(t.db, boss.id, 2)]).toEqual([2, 1]);
  });

  it('sets an inviter only when there was none if asked, and finds users in a cycle made by hand', async () => {
    const a = await under(null, 'x');
    const b = await under(null, 'y');
    expect(await t.db.transaction().execute((tx) => setInviter(tx, b.id, a.id, { onlyIfNone: true }))).toBe(true);
    expect(await t.db.transaction().execute((tx) => setInviter(tx, b.id, b.id, { onlyIfNone: true }))).toBe(false);
    expect(await selfInviters(t.db)).toEqual([]);
    await t.db.transaction().execute((tx) => setInviter(tx, a.id, b.id));
    expect(await selfInviters(t.db)).toEqual([a.id, b.id]);
    await t.db.updateTable('kernel_user').set({ parent_id: null }).where('id', '=', a.id).execute();
  });
});
