/**
 * Binding races, on SQLite and (under `npm run test:pg`) PostgreSQL: the unique indexes decide,
 * the losers are refused clearly, and nothing answers 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '@kernel/core/errors';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { authContract } from '../contract';
import { authSettings } from '../settings';
import { bindThirdAccount } from './bind';
import type {} from '../tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'], settings: { auth: { thirdLogin: ['local'] } } });
});
afterAll(() => t.close());

let mobiles = 0;
let ips = 0;
const newMobile = () => `1370000${String(++mobiles).padStart(4, '0')}`;
const grant = async (name: string) => (await t.call(authContract.localAuthorize, { name })).body.data.code;
const smsCode = async (mobile: string) => {
  await t.services.codes.send({ channel: 'sms', target: mobile, event: 'bindthird', ip: `10.1.0.${++ips}`, lang: 'zh-Hans' });
  return t.lastCode(mobile);
};
const accountsWith = async (mobile: string) => (await t.db.selectFrom('kernel_user').select('id').where('mobile', '=', mobile).execute()).map((r) => Number(r.id));
const boundTo = async (userId: number) => t.db.selectFrom('auth_identity').select(['subject']).where('user_id', '=', userId).execute();

describe('one identity bound by several accounts at once', () => {
  it('binds it once; every other bind is refused clearly, and no account is left behind', async () => {
    const known = await Promise.all([newMobile(), newMobile(), newMobile()].map(async (mobile) => (await t.createUser({ mobile }), mobile)));
    const fresh = [newMobile(), newMobile(), newMobile(), newMobile(), newMobile()];
    const all = [...known, ...fresh];
    // One platform code and one SMS code per bind, all for one platform identity.
    const requests = await Promise.all(all.map(async (mobile) => ({ mobile, uuid: await grant('everyone-wants-me'), captcha: await smsCode(mobile) })));
    const replies = await Promise.all(requests.map((r) => t.call(authContract.bindThirdAccount, { ...r, type: 'local' })));

    expect(replies.map((r) => r.status)).toEqual(all.map(() => 200));
    const won = replies.filter((r) => r.body.code === 1);
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(all.slice(1).map(() => '该第三方账号已绑定其他手机号'));
    const { id, unionid } = won[0].body.data.userinfo;
    const rows = await t.db.selectFrom('auth_identity').select('user_id').where('subject', '=', unionid).execute();
    expect(rows.map((r) => Number(r.user_id))).toEqual([id]);
    // Accounts were made only where a bind won: the losers' new accounts rolled back with them.
    const made = (await Promise.all(fresh.map(accountsWith))).flat();
    expect(made.length).toBeLessThanOrEqual(1);
    if (made.length === 1) expect(made[0]).toBe(id);
  });
});

describe('one new mobile bound by several identities at once', () => {
  // A mobile's SMS code works once, so through the API only one bind can pass it; to make the
  // transactions meet, these call the rule with the code check passed (the SMS edge, faked).
  const passedCode = () => ({ ...t.services, codes: { ...t.services.codes, verify: async () => {} } });
  const ctx = () => ({ db: t.db, services: passedCode(), ip: '127.0.0.1', lang: 'zh-Hans' as const, settings: authSettings.parse({ thirdLogin: ['local'] }) });
  /** Each name's platform code first, then every bind at once. */
  const settle = async (names: string[], mobile: string) => {
    const uuids = await Promise.all(names.map(grant));
    return Promise.allSettled(uuids.map((uuid) => bindThirdAccount(ctx(), { uuid, mobile, type: 'local', captcha: '000000' })));
  };

  it('makes exactly one account; one identity binds, the others are refused clearly (one identity per platform)', async () => {
    const mobile = newMobile();
    const results = await settle(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `crowd-${name}`), mobile);
    const accounts = await accountsWith(mobile);
    expect(accounts).toHaveLength(1);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(won[0].value.userinfo.id).toBe(accounts[0]);
    for (const lost of results.filter((r) => r.status === 'rejected')) {
      expect(lost.reason).toBeInstanceOf(BizError);
      expect((lost.reason as BizError).key).toBe('auth:message.third_account_has_other');
    }
    expect(await boundTo(accounts[0])).toHaveLength(1);
  });

  it('the same identity twice (two tabs) logs both into the one account it made', async () => {
    const mobile = newMobile();
    const results = await settle(['two-tabs', 'two-tabs', 'two-tabs'], mobile);
    const accounts = await accountsWith(mobile);
    expect(accounts).toHaveLength(1);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.userinfo.id : String(r.reason)))).toEqual([accounts[0], accounts[0], accounts[0]]);
    expect(await boundTo(accounts[0])).toHaveLength(1);
  });

  it('a bind that looked before another made the account, and lost the insert, binds to the account that won', async () => {
    const mobile = newMobile();
    const winner = await t.createUser({ mobile });
    // Until it tries to make the account, this bind does not see the winner's (not yet committed when it looked).
    let creating = false;
    const base = passedCode();
    const users: typeof base.users = {
      ...base.users,
      find: (q, key) => ('mobile' in key && !creating ? Promise.resolve(null) : base.users.find(q, key)),
      create: (user, tx) => ((creating = true), base.users.create(user, tx)),
    };
    const reply = await bindThirdAccount({ ...ctx(), services: { ...base, users } }, { uuid: await grant('late-looker'), mobile, type: 'local', captcha: '000000' });
    expect(reply.userinfo.id).toBe(winner.id);
    expect(await accountsWith(mobile)).toEqual([winner.id]);
    expect(await boundTo(winner.id)).toHaveLength(1);
  });

  it('through the API, one code for the mobile: one account, the rest refused, never a 500', async () => {
    const mobile = newMobile();
    const captcha = await smsCode(mobile);
    const uuids = await Promise.all(['p', 'q', 'r', 's'].map((name) => grant(`api-${name}`)));
    const replies = await Promise.all(uuids.map((uuid) => t.call(authContract.bindThirdAccount, { uuid, mobile, type: 'local', captcha })));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(await accountsWith(mobile)).toHaveLength(1);
  });
});
