import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@kernel/server/operator-options';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import team from './server';
import type {} from './tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['team'] });
});
afterAll(() => t.close());

const command = (name: string) => team.commands!.find((c) => c.command.startsWith(`team ${name}`))!;
const run = (name: string, args: string[], options: Record<string, unknown> = {}) => {
  const ctx = { db: t.db, services: t.services, settings: {}, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string) => t.app.storefront.i18n.t('en', key) };
  return runCommand(command(name), { args, options, ctx });
};
const under = async (parent: TestUser | null, input: { username: string; nickname?: string }) => {
  const user = await t.createUser(input);
  if (parent) await t.db.updateTable('kernel_user').set({ parent_id: parent.id }).where('id', '=', user.id).execute();
  return user;
};
/** What the CLI prints of a refusal: its key in English. */
const refusal = async (running: Promise<unknown>) => {
  const error = (await running.then(() => null, (e: unknown) => e)) as { key: string; params?: Record<string, string | number> } | null;
  return error ? t.app.storefront.i18n.t('en', error.key, error.params) : 'no refusal';
};
const parentOf = async (user: TestUser) => (await t.db.selectFrom('kernel_user').select('parent_id').where('id', '=', user.id).executeTakeFirstOrThrow()).parent_id;

describe('storefront team tree <user>', () => {
  it("shows the shopper's inviters upwards and their team on two levels", async () => {
    const root = await under(null, { username: 'treeroot', nickname: '根' });
    const ann = await under(root, { username: 'treeann', nickname: '安' });
    const bob = await under(ann, { username: 'treebob' });
    const cat = await under(bob, { username: 'treecat' });
    const dan = await under(ann, { username: 'treedan' });
    const { lines, data } = await run('tree', ['treeann']);
    expect(lines).toEqual([
      `inviters: treeroot (根) #${root.id}`,
      `treeann (安) #${ann.id}`,
      `  treebob #${bob.id}`,
      `    treecat #${cat.id}`,
      `  treedan #${dan.id}`,
      'level 1: 2, level 2: 1',
    ]);
    expect(data).toEqual({ user: ann.id, inviters: [root.id], level1: [bob.id, dan.id], level2: [cat.id] });
    expect(await refusal(run('tree', ['nobody-here']))).toBe('no user named "nobody-here" (give a username, mobile, e-mail or id)');
  });
});

describe('storefront team rebind <user> <parent>', () => {
  it('moves a shopper under another inviter, on record, and refuses a cycle, changing nothing', async () => {
    const ann = await under(null, { username: 'rebindann' });
    const bob = await under(ann, { username: 'rebindbob' });
    const cat = await under(bob, { username: 'rebindcat' });
    const eve = await under(null, { username: 'rebindeve' });
    const { lines } = await run('rebind', ['rebindcat', String(eve.id)]);
    expect(lines).toEqual([`rebindcat #${cat.id} is now invited by rebindeve #${eve.id} (before: #${bob.id})`]);
    expect(await parentOf(cat)).toBe(eve.id);
    expect(await t.db.selectFrom('team_binding').select(['parent_id', 'previous_id', 'via']).where('user_id', '=', cat.id).execute()).toEqual([{ parent_id: eve.id, previous_id: bob.id, via: 'operator' }]);
    expect(await refusal(run('rebind', ['rebindann', 'rebindbob']))).toBe(`User ${bob.id} is in the team of user ${ann.id}: binding them would make a cycle`);
    expect(await refusal(run('rebind', ['rebindann', 'rebindann']))).toMatch(/would make a cycle$/);
    expect(await parentOf(ann)).toBeNull();
  });
});

describe('storefront team commission list', () => {
  it('shows the newest commission with its earner, buyer, order, amount and timeline, filtered by state', async () => {
    const ann = await under(null, { username: 'earnerann' });
    const bob = await under(ann, { username: 'buyerbob' });
    const now = t.clock.nowSeconds();
    const row = { order_no: 'T2025000001', buyer_id: bob.id, user_id: ann.id, level: 1, base: 9900, rate: 1000, amount: 990, created_at: now, released_at: null, reversed_at: null, clawed_at: null };
    await t.db.insertInto('team_commission').values([{ ...row, order_id: 1, state: 'frozen', release_at: null }, { ...row, order_id: 2, order_no: 'T2025000002', state: 'available', release_at: now, released_at: now }]).execute();
    const all = await run('commission list', []);
    expect(all.lines).toHaveLength(2);
    expect(all.lines[0]).toMatch(/^\d+ {2}earnerann ← buyerbob {2}order T2025000002 {2}level 1 {2}9\.90 \(10% of 99\.00\) {2}available {2}earned .+, due .+, credited .+$/);
    const frozen = await run('commission list', [], { state: 'frozen' });
    expect(frozen.lines).toEqual([expect.stringMatching(/order T2025000001 .* frozen {2}earned .+, due when the order completes$/)]);
    expect((await run('commission list', [], { state: 'clawed' })).lines).toEqual(['no commission clawed in site `test`']);
  });
});
