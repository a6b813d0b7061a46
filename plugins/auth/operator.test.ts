import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@kernel/server/operator-options';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import auth from './server';
import type {} from './tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'] });
});
afterAll(() => t.close());

const command = (name: string) => auth.commands!.find((c) => c.command.startsWith(`auth ${name}`))!;
const run = (name: string, args: string[], options: Record<string, unknown> = {}) => {
  const ctx = { db: t.db, services: t.services, settings: {}, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string) => t.app.storefront.i18n.t('en', key) };
  return runCommand(command(name), { args, options, ctx });
};
/** What the CLI prints of a refusal: its key in English. */
const refusal = async (running: Promise<unknown>) => {
  const error = (await running.then(() => null, (e: unknown) => e)) as { key?: string; params?: Record<string, string | number>; message?: string } | null;
  if (!error) return 'no refusal';
  return error.key ? t.app.storefront.i18n.t('en', error.key, error.params) : String(error.message);
};
/** Binds an identity straight in the table, as a bind through a platform leaves it. */
const bound = (userId: number, provider: string, openid: string, unionid = '') =>
  t.db.insertInto('auth_identity').values({ provider, subject: unionid || openid, openid, unionid, user_id: userId, created_at: t.clock.nowSeconds() }).execute();
const left = async (userId: number) => (await t.db.selectFrom('auth_identity').select('provider').where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.provider);

describe('storefront auth identities <user>', () => {
  it("lists an account's identities by username, mobile, e-mail or id, and says when there are none", async () => {
    const ann = await t.createUser({ username: 'idann', nickname: '安', mobile: '13500000001', email: 'idann@example.com' });
    expect((await run('identities', ['idann'])).lines).toEqual([`idann (安) #${ann.id} has no third-party identity bound`]);
    await bound(ann.id, 'local', 'lo_1', 'lu_1');
    await bound(ann.id, 'wechat', 'wx_1');
    for (const name of ['idann', '13500000001', 'idann@example.com', String(ann.id)]) {
      const { lines, data } = await run('identities', [name]);
      expect(lines).toEqual([
        `idann (安) #${ann.id}`,
        expect.stringMatching(/^ {2}local {2}openid lo_1 {2}unionid lu_1 {2}bound \d{4}-\d{2}-\d{2} \d{2}:\d{2}/),
        expect.stringMatching(/^ {2}wechat {2}openid wx_1 {2}unionid - {2}bound /),
      ]);
      expect(data).toMatchObject({ user: ann.id, identities: [{ provider: 'local', openid: 'lo_1', unionid: 'lu_1' }, { provider: 'wechat', openid: 'wx_1', unionid: '' }] });
    }
    expect(await refusal(run('identities', ['nobody-here']))).toBe('no user named "nobody-here" (give a username, mobile, e-mail or id)');
  });
});

describe('storefront auth unbind <user>', () => {
  it("removes one platform's identity with --type, saying what went, and leaves the others", async () => {
    const bob = await t.createUser({ username: 'unbob' });
    await bound(bob.id, 'local', 'lo_2', 'lu_2');
    await bound(bob.id, 'wechat', 'wx_2');
    const { lines, data } = await run('unbind', ['unbob'], { type: 'local' });
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^removed from unbob #${bob.id}: local {2}openid lo_2 {2}unionid lu_2 {2}bound `))]);
    expect(data).toMatchObject({ user: bob.id, removed: [{ provider: 'local', openid: 'lo_2' }] });
    expect(await left(bob.id)).toEqual(['wechat']);
    expect((await run('unbind', ['unbob'], { type: 'local' })).lines).toEqual([`unbob #${bob.id} has no local identity bound; nothing removed`]);
  });

  it('removes every identity without --type', async () => {
    const cat = await t.createUser({ username: 'uncat' });
    await bound(cat.id, 'local', 'lo_3');
    await bound(cat.id, 'wechat', 'wx_3');
    expect((await run('unbind', ['uncat'])).lines).toHaveLength(2);
    expect(await left(cat.id)).toEqual([]);
    expect((await run('unbind', ['uncat'])).lines).toEqual([`uncat #${cat.id} has no third-party identity bound; nothing removed`]);
  });

  it('refuses a --type that is no provider id, and an unknown user', async () => {
    expect(await refusal(run('unbind', ['uncat'], { type: 'Not A Type' }))).toMatch(/^--type: /);
    expect(await refusal(run('unbind', ['nobody-here']))).toBe('no user named "nobody-here" (give a username, mobile, e-mail or id)');
  });
});
