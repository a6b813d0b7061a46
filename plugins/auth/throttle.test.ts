/**
 * The login throttle counts accounts, not spellings: username, e-mail and mobile of one account
 * share its 5 failures (per ip), one ip gets LOGIN_IP_LIMIT failures whatever it tries, and an
 * unknown account is throttled exactly like a known one, so the replies tell nothing apart.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { LOGIN_IP_LIMIT, LOGIN_LIMIT } from './service';

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
