/**
 * Logout ends the session of the token that calls it — its tokens and its open sockets — and
 * never answers success for something it did not do.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kernelContract } from '@kernel/core/kernel.contract';
import { CLOSE_SESSION_ENDED } from '@kernel/core/socket';
import { createTestServer, within, type TestServer, type TestUser } from '@kernel/server/testing';
import { memberContract } from '@plugins/member/contract';
import { authContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['member'] });
});
afterEach(() => t.closeSockets());
afterAll(() => t.close());

/** A shopper logged in twice: the session under test and another one (another device). */
async function twoSessions() {
  const here = await t.createUser({ password: 'pass123456' });
  const there = await t.login(here.username, 'pass123456');
  return { here, there };
}
const logout = (user: TestUser, payload: { refresh_token?: string }, lang?: string) =>
  t.call(authContract.logout, payload, { token: user.token, lang });
/** Whether a token still opens a call that needs a login. */
const works = async (token: string) => (await t.call(memberContract.profile, {}, { token })).status === 200;
const refreshes = async (refreshToken: string) =>
  (await t.call(kernelContract.refreshToken, { refresh_token: refreshToken })).body.code === 1;

describe('POST /api/user/logout', () => {
  it('ends the session: its token then gets 401 and its refresh token no longer works', async () => {
    const { here, there } = await twoSessions();
    expect((await logout(here, { refresh_token: here.refreshToken })).body).toMatchObject({ code: 1, data: null });
    expect(await works(here.token)).toBe(false);
    expect(await refreshes(here.refreshToken)).toBe(false);
    // Only that session ends; the shopper stays logged in elsewhere.
    expect(await works(there.token)).toBe(true);
  });

  it("ends the calling token's session when no refresh token is sent", async () => {
    const { here, there } = await twoSessions();
    expect((await logout(here, {})).body.code).toBe(1);
    expect(await works(here.token)).toBe(false);
    expect(await refreshes(here.refreshToken)).toBe(false);
    expect(await works(there.token)).toBe(true);
  });

  it("refuses another session's refresh token, in the shopper's language, and ends nothing", async () => {
    const { here, there } = await twoSessions();
    const zh = await logout(here, { refresh_token: there.refreshToken });
    expect(zh.body).toMatchObject({ code: 0, msg: '该刷新令牌不属于当前登录，未退出任何登录' });
    const en = await logout(here, { refresh_token: there.refreshToken }, 'en');
    expect(en.body).toMatchObject({ code: 0, msg: "That refresh token is not this session's; nobody was logged out" });
    expect(await works(here.token)).toBe(true);
    expect(await works(there.token)).toBe(true);
    expect(await refreshes(there.refreshToken)).toBe(true);
  });

  it("refuses another shopper's refresh token, an unknown one and an access token posing as one", async () => {
    const { here } = await twoSessions();
    const stranger = await t.createUser();
    for (const refresh_token of [stranger.refreshToken, 'x'.repeat(43), here.token]) {
      expect((await logout(here, { refresh_token })).body.code).toBe(0);
    }
    expect(await works(here.token)).toBe(true);
    expect(await works(stranger.token)).toBe(true);
  });

  it("ends a session that refreshed since it logged in, by the refreshed pair's tokens", async () => {
    const { here } = await twoSessions();
    const renewed = (await t.call(kernelContract.refreshToken, { refresh_token: here.refreshToken })).body.data.userinfo;
    expect((await logout({ ...here, token: renewed.token }, { refresh_token: renewed.refreshToken })).body.code).toBe(1);
    expect(await works(renewed.token)).toBe(false);
    expect(await refreshes(renewed.refreshToken)).toBe(false);
  });

  it("closes the session's open sockets at once, and only those", async () => {
    const { here, there } = await twoSessions();
    const tab = await t.socket(here);
    const otherDevice = await t.socket(there);
    expect((await logout(here, { refresh_token: here.refreshToken })).body.code).toBe(1);
    expect((await within(tab.closed, 5000, 'the logged-out socket closes')).code).toBe(CLOSE_SESSION_ENDED);
    // Pushes meant for the shopper reach only the session still running.
    expect(t.services.hub.send(here.id, { type: 'notice' })).toBe(1);
    otherDevice.send({ type: 'ping', uid: `user_${here.id}`, user_id: here.id });
    expect(await otherDevice.next('pong')).toMatchObject({ type: 'pong' });
  });

  it('needs a logged-in shopper', async () => {
    expect((await t.call(authContract.logout, { refresh_token: 'x'.repeat(40) })).status).toBe(401);
    expect((await t.call(authContract.logout, {})).status).toBe(401);
  });
});
