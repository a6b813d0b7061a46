/**
 * The login throttle counts accounts, not spellings: username, e-mail and mobile of one account
 * share its 5 failures (per ip), one ip gets LOGIN_IP_LIMIT failures whatever it tries, and an
 * unknown account is throttled exactly like a known one, so the replies tell nothing apart.
 * Registration is throttled per ip too: each one costs an argon2 hash.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { LOGIN_IP_LIMIT, LOGIN_LIMIT, REGISTER_WINDOW_SECONDS } from './service';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'] });
});
afterAll(() => t.close());
// Each test starts with fresh windows: the throttle forgets after 15 minutes.
beforeEach(() => t.clock.advance(16 * 60_000));

let ips = 0;
const newIp = () => `10.0.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/** A login from `ip`: the reply's code and message. */
async function login(account: string, password: string, ip = '10.9.9.9', lang?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: ip,
    headers: { ...t.signedHeaders(), 'content-type': 'application/json', ...(lang ? { lang } : {}) },
    payload: JSON.stringify({ account, password }),
  });
  const body = response.json() as { code: number; msg: string };
  return { code: body.code, msg: body.msg };
}
const TOO_MANY = /^尝试次数过多，请 \d+ 秒后再试$/;

describe('the login throttle', () => {
  it("holds across the account's username, e-mail and mobile", async () => {
    await t.createUser({ username: 'eve', password: 'eve123456', email: 'eve@example.com', mobile: '13900139000' });
    const ip = newIp();
    const spellings = ['eve', 'Eve@Example.com', '13900139000', 'eve@example.com', ' 13900139000 '];
    for (const account of spellings.slice(0, LOGIN_LIMIT)) expect((await login(account, 'wrong-pass', ip)).msg).toBe('账号或密码错误');
    for (const account of ['eve', 'eve@example.com', '13900139000']) {
      expect((await login(account, 'eve123456', ip)).msg).toMatch(TOO_MANY);
    }
    // The same account from another ip is not held up by these failures.
    expect((await login('eve', 'eve123456', newIp())).code).toBe(1);
    t.clock.advance(15 * 60_000);
    expect((await login('eve@example.com', 'eve123456', ip)).code).toBe(1);
  });

  it('treats an unknown account exactly like a known one: the same messages at the same counts', async () => {
    await t.createUser({ username: 'fay', password: 'fay123456' });
    const ip = newIp();
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      known.push((await login('fay', 'wrong-pass', ip)).msg.replace(/\d+/, 'N'));
      unknown.push((await login('nobody-here', 'wrong-pass', ip)).msg.replace(/\d+/, 'N'));
    }
    expect(unknown).toEqual(known);
    expect(known.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill('账号或密码错误'));
    expect(known[LOGIN_LIMIT]).toBe('尝试次数过多，请 N 秒后再试');
    // Unknown accounts are counted by their spelling, whatever the case.
    expect((await login('NOBODY-HERE', 'wrong-pass', ip)).msg).toMatch(TOO_MANY);
    expect((await login('Nobody@Nowhere.example', 'wrong-pass', ip, 'en')).msg).toBe('Wrong account or password');
  });

  it(`holds one ip to ${LOGIN_IP_LIMIT} failures across accounts, and lets other ips on`, async () => {
    await t.createUser({ username: 'gus', password: 'gus123456' });
    const ip = newIp();
    for (let i = 0; i < LOGIN_IP_LIMIT; i++) expect((await login(`guess${i}`, 'wrong-pass', ip)).msg).toBe('账号或密码错误');
    expect((await login('gus', 'gus123456', ip)).msg).toMatch(TOO_MANY);
    expect((await login('gus', 'gus123456', newIp())).code).toBe(1);
  });

  it("counts only failures against the ip: shoppers logging in from one office's address are not held up", async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_IP_LIMIT + 5; i++) {
      const shopper = await t.createUser({ password: 'pass123456' });
      expect((await login(shopper.username, 'pass123456', ip)).code).toBe(1);
    }
    expect((await login('nobody', 'wrong-pass', ip)).msg).toBe('账号或密码错误');
  });
});

/** A registration from `ip`: the reply's code and message. */
async function register(username: string, ip: string, lang?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress: ip,
    headers: { ...t.signedHeaders(), 'content-type': 'application/json', ...(lang ? { lang } : {}) },
    payload: JSON.stringify({ username, password: 'abc12345' }),
  });
  const body = response.json() as { code: number; msg: string };
  return { code: body.code, msg: body.msg };
}
const REGISTER_LIMIT = 10;
let names = 0;
const newName = () => `joiner${++names}`;
const users = async () => Number((await t.db.selectFrom('kernel_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the registration throttle', () => {
  it(`holds one ip to ${REGISTER_LIMIT} registrations an hour, says so in the shopper's language, and lets other ips on`, async () => {
    const ip = newIp();
    for (let i = 0; i < REGISTER_LIMIT; i++) expect((await register(newName(), ip)).code).toBe(1);
    const before = await users();
    expect(await register(newName(), ip)).toEqual({ code: 0, msg: '该网络注册过于频繁，请 60 分钟后再试' });
    t.clock.advance(30 * 60_000);
    expect((await register(newName(), ip, 'en')).msg).toBe('Too many sign-ups from this network. Please try again in 30 minutes');
    expect(await users()).toBe(before);
    expect((await register(newName(), newIp())).code).toBe(1);
    t.clock.advance(REGISTER_WINDOW_SECONDS * 1000);
    expect((await register(newName(), ip)).code).toBe(1);
  });

  it('counts only registrations that get as far as hashing a password: a taken name costs nothing', async () => {
    const ip = newIp();
    const taken = newName();
    expect((await register(taken, ip)).code).toBe(1);
    for (let i = 0; i < REGISTER_LIMIT + 5; i++) expect((await register(taken, ip)).msg).not.toMatch(/频繁/);
    for (let i = 1; i < REGISTER_LIMIT; i++) expect((await register(newName(), ip)).code).toBe(1);
    expect((await register(newName(), ip)).msg).toMatch(/频繁/);
  });

  it('lets no parallel registrations slip past the limit', async () => {
    const ip = newIp();
    const replies = await Promise.all(Array.from({ length: REGISTER_LIMIT + 6 }, () => register(newName(), ip)));
    expect(replies.filter((reply) => reply.code === 1)).toHaveLength(REGISTER_LIMIT);
    expect(replies.filter((reply) => /频繁/.test(reply.msg))).toHaveLength(6);
  });

  it("follows the site's setting as it is edited, and 0 lifts the limit", async () => {
    const ip = newIp();
    await t.editSite((file) => void (file.plugins.auth.settings = { registrationsPerIpHour: 2 }));
    try {
      for (let i = 0; i < 2; i++) expect((await register(newName(), ip)).code).toBe(1);
      expect((await register(newName(), ip)).msg).toMatch(/频繁/);
      await t.editSite((file) => void (file.plugins.auth.settings = { registrationsPerIpHour: 0 }));
      for (let i = 0; i < 3; i++) expect((await register(newName(), ip)).code).toBe(1);
    } finally {
      await t.editSite((file) => void (file.plugins.auth.settings = {}));
    }
  });
});
