import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { memberContract } from '@plugins/member/contract';
import { authContract } from './contract';

let t: TestServer;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['member'] });
  ann = await t.createUser({ username: 'ann', password: 'ann123456', email: 'ann@example.com', mobile: '13700137000', money: 1234 });
});
afterAll(() => t.close());

const login = (account: string, password: string, lang?: string) => t.call(authContract.login, { account, password }, { lang });

describe('POST /api/user/login', () => {
  it('logs in by username, e-mail or mobile and answers the user info with a token pair', async () => {
    for (const account of ['ann', 'ANN@example.com', '13700137000']) {
      const { body } = await login(account, 'ann123456');
      expect(body.code).toBe(1);
      expect(body.data.userinfo).toMatchObject({ id: ann.id, username: 'ann', money: '12.34', mobile: '13700137000' });
      expect(body.data.userinfo.token).toMatch(/.{20,}/);
      expect(body.data.userinfo.refreshToken).toMatch(/.{20,}/);
      expect(body.data.userinfo.invite).toMatch(/^[A-Z2-9]{6}$/);
    }
  });

  it('hands out a token that works on calls needing login', async () => {
    const { body } = await login('ann', 'ann123456');
    const profile = await t.call(memberContract.profile, {}, { token: body.data.userinfo.token });
    expect(profile.body.data.id).toBe(ann.id);
  });

  it('records the time and ip of the last login', async () => {
    t.clock.advance(60_000);
    await login('ann', 'ann123456');
    const info = await t.services.users.info(ann.id);
    expect(info.lastlogintime).toBe(Math.floor(t.clock.now() / 1000));
    expect(info.lastloginip).toBe('127.0.0.1');
  });

  it('gives one neutral message for an unknown account and for a wrong password', async () => {
    const unknown = await login('nobody', 'ann123456');
    const wrong = await login('ann', 'wrong-password');
    expect(unknown.body).toMatchObject({ code: 0, msg: '账号或密码错误' });
    expect(wrong.body).toMatchObject({ code: 0, msg: '账号或密码错误' });
    expect((await login('ann', 'wrong-password', 'en')).body.msg).toBe('Wrong account or password');
  });

  it('asks for the username, and refuses a password no account can have by the one password rule', async () => {
    expect((await login('', 'ann123456')).body).toMatchObject({ code: 0, msg: '请输入用户名' });
    expect((await login('ann', '123')).body).toMatchObject({ code: 0, msg: '密码须为6-20位字母和数字组合' });
  });

  it('refuses after 5 failures for an account and ip within 15 minutes, even the right password', async () => {
    const bob = await t.createUser({ username: 'bob', password: 'bob123456' });
    for (let i = 0; i < 5; i++) expect((await login('bob', `wrong${i}xx`)).body.msg).toBe('账号或密码错误');
    const locked = await login('bob', 'bob123456');
    expect(locked.body.code).toBe(0);
    expect(locked.body.msg).toMatch(/^尝试次数过多，请 \d+ 秒后再试$/);
    // Other accounts from the same ip are not affected.
    expect((await login('ann', 'ann123456')).body.code).toBe(1);
    t.clock.advance(15 * 60_000);
    expect((await login('bob', 'bob123456')).body.data.userinfo.id).toBe(bob.id);
  });

  it('forgets earlier failures after a successful login', async () => {
    await t.createUser({ username: 'cat', password: 'cat123456' });
    for (let i = 0; i < 4; i++) await login('cat', 'wrong-pass');
    expect((await login('cat', 'cat123456')).body.code).toBe(1);
    for (let i = 0; i < 4; i++) await login('cat', 'wrong-pass');
    expect((await login('cat', 'cat123456')).body.code).toBe(1);
  });

  it('refuses a locked account once the password is right', async () => {
    const dan = await t.createUser({ username: 'dan', password: 'dan123456' });
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', dan.id).execute();
    expect((await login('dan', 'wrong-pass')).body.msg).toBe('账号或密码错误');
    expect((await login('dan', 'dan123456')).body.msg).toBe('该账号已被锁定，请联系客服');
  });
});
