import { beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED } from '@kernel/core/socket';
import { within, type TestUser } from '@kernel/server/testing';
import { memberContract } from '@plugins/member/contract';
import { securityContract } from './contract';
import { type SecurityFixture, securityServerPerFile } from './testing';

const fixture = securityServerPerFile();
let f: SecurityFixture;
beforeEach(() => {
  f = fixture();
});

const change = (user: TestUser, payload: Record<string, unknown>, lang?: string) =>
  f.t.call(securityContract.changePassword, payload as never, { token: user.token, lang });
const hashOf = async (user: TestUser) =>
  (await f.t.db.selectFrom('kernel_user').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow()).password_hash;
/** Whether a token still opens a call that needs a login. */
const works = async (token: string) => (await f.t.call(memberContract.profile, {}, { token })).status === 200;

describe('POST /api/account/changePassword', () => {
  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const ann = await f.t.createUser({ password: 'old-pass-1' });
    const { body } = await change(ann, { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' });
    expect(body).toMatchObject({ code: 1, data: null });
    expect((await f.t.login(ann.username, 'new-pass-2')).id).toBe(ann.id);
    await expect(f.t.login(ann.username, 'old-pass-1')).rejects.toThrow('test login failed');
  });

  it("signs out the shopper's other sessions but not this one, nor anyone else's", async () => {
    const bob = await f.t.createUser({ password: 'old-pass-1' });
    const phone = await f.t.login(bob.username, 'old-pass-1');
    const tablet = await f.t.login(bob.username, 'old-pass-1');
    const cat = await f.t.createUser();
    expect((await change(bob, { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' })).body.code).toBe(1);
    expect(await works(bob.token)).toBe(true);
    expect(await works(phone.token)).toBe(false);
    expect(await works(tablet.token)).toBe(false);
    expect(await f.t.services.tokens.refresh(tablet.refreshToken)).toBeNull();
    expect(await works(cat.token)).toBe(true);
    // This session's refresh token keeps working, too.
    expect(await f.t.services.tokens.refresh(bob.refreshToken)).not.toBeNull();
  });

  it("closes the other sessions' open sockets at once, and keeps this session's", async () => {
    const eve = await f.t.createUser({ password: 'old-pass-1' });
    const thief = await f.t.login(eve.username, 'old-pass-1');
    const mine = await f.t.socket(eve);
    const theirs = await f.t.socket(thief);
    try {
      expect((await change(eve, { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' })).body.code).toBe(1);
      expect((await within(theirs.closed, 5000, "the other session's socket closes")).code).toBe(CLOSE_SESSION_ENDED);
      // Replies meant for the shopper reach only the session that changed the password.
      expect(f.t.services.hub.send(eve.id, { type: 'notice' })).toBe(1);
      expect(await mine.next('notice')).toEqual({ type: 'notice' });
    } finally {
      await f.t.closeSockets();
    }
  });

  it('refuses a wrong old password and changes nothing, signing nobody out', async () => {
    const dan = await f.t.createUser({ password: 'old-pass-1' });
    const phone = await f.t.login(dan.username, 'old-pass-1');
    const before = await hashOf(dan);
    expect((await change(dan, { oldpassword: 'not-it-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' })).body).toMatchObject({ code: 0, msg: '原密码不正确' });
    expect(await hashOf(dan)).toBe(before);
    expect(await works(phone.token)).toBe(true);
  });

  it('refuses bad new passwords with code 0 naming the field, and changes nothing', async () => {
    const eve = await f.t.createUser({ password: 'old-pass-1' });
    const before = await hashOf(eve);
    const cases: [Record<string, unknown>, string][] = [
      [{ oldpassword: '', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' }, '请输入原密码'],
      [{ oldpassword: 'old-pass-1', newpassword: '12345', renewpassword: '12345' }, '密码须为6-20位字母和数字组合'],
      [{ oldpassword: 'old-pass-1', newpassword: 'abcdefgh', renewpassword: 'abcdefgh' }, '密码须为6-20位字母和数字组合'],
      [{ oldpassword: 'old-pass-1', newpassword: 'abc123'.repeat(4), renewpassword: 'abc123'.repeat(4) }, '密码须为6-20位字母和数字组合'],
      [{ oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-3' }, '两次输入的密码不一致'],
      [{ oldpassword: 'old-pass-1', newpassword: 'old-pass-1', renewpassword: 'old-pass-1' }, '新密码不能与原密码相同'],
    ];
    for (const [payload, msg] of cases) expect((await change(eve, payload)).body).toMatchObject({ code: 0, msg });
    expect(await hashOf(eve)).toBe(before);
  });

  it('shares the password-check limit, so guessing through either call stops after five tries', async () => {
    const fay = await f.t.createUser({ password: 'old-pass-1' });
    for (let i = 0; i < 3; i++) await f.t.call(securityContract.checkPassword, { password: `guess-${i}-xx` }, { token: fay.token });
    for (let i = 0; i < 2; i++) await change(fay, { oldpassword: `guess-${i}-yy`, newpassword: 'new-pass-2', renewpassword: 'new-pass-2' });
    const blocked = await change(fay, { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' });
    expect(blocked.body.msg).toMatch(/^尝试次数过多/);
  });

  it('ends an earlier password check, so the new password must be confirmed before unbinding', async () => {
    const gus = await f.t.createUser({ password: 'old-pass-1', email: 'gus@example.com' });
    await f.checkPassword(gus);
    await change(gus, { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' });
    expect((await f.t.call(securityContract.unBind, { type: 'email' }, { token: gus.token })).body).toMatchObject({ code: 0, data: { password_check: true } });
  });

  it('answers 401 without a token', async () => {
    expect((await f.t.call(securityContract.changePassword, { oldpassword: 'a', newpassword: 'bbbbbb', renewpassword: 'bbbbbb' })).status).toBe(401);
  });
});
