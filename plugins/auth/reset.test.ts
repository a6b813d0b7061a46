import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { authContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'] });
});
afterAll(() => t.close());

type Reset = { type: 'mobile' | 'email'; account: string; captcha: string; newpassword: string };
const reset = (payload: Reset, lang?: string) => t.call(authContract.resetPassword, payload, { lang });
const hashOf = async (id: number) =>
  (await t.db.selectFrom('kernel_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
const alive = async (session: TestUser) =>
  (await t.services.tokens.authenticate(session.token)) !== null || (await t.services.tokens.refresh(session.refreshToken)) !== null;
const loginWorks = async (account: string, password: string) => (await t.call(authContract.login, { account, password })).body.code === 1;

/** A fresh code for event resetpwd, as the shopper would receive it (a minute apart, past the resend wait). */
async function codeFor(type: 'mobile' | 'email', account: string): Promise<string> {
  t.clock.advance(61_000);
  const sent =
    type === 'mobile'
      ? await t.call(authContract.sendSms, { mobile: account, template_code: 'resetpwd' })
      : await t.call(authContract.sendEmail, { email: account, event: 'resetpwd' });
  expect(sent.body.code).toBe(1);
  return t.lastCode(type === 'mobile' ? account : account.toLowerCase());
}

const wrong = (code: string) => (code === '123456' ? '654321' : '123456');

describe('POST /api/user/resetpwd', () => {
  it('sets the new password with the SMS code: the old one stops working and every session ends', async () => {
    const ann = await t.createUser({ username: 'ann', mobile: '13700137001', password: 'old-pass-1' });
    const phone = await t.login('ann', 'old-pass-1');
    const code = await codeFor('mobile', '13700137001');
    const { body } = await reset({ type: 'mobile', account: '13700137001', captcha: code, newpassword: 'fresh2024' });
    expect(body).toMatchObject({ code: 1, data: null });
    expect(await alive(ann)).toBe(false);
    expect(await alive(phone)).toBe(false);
    expect(await loginWorks('ann', 'old-pass-1')).toBe(false);
    expect(await loginWorks('ann', 'fresh2024')).toBe(true);
  });

  it('resets by e-mail too, whatever the case the address is typed in', async () => {
    await t.createUser({ username: 'bea', email: 'bea@example.com', password: 'old-pass-1' });
    const code = await codeFor('email', 'Bea@Example.com');
    expect((await reset({ type: 'email', account: 'BEA@example.com', captcha: code, newpassword: 'fresh2024' })).body.code).toBe(1);
    expect(await loginWorks('bea@example.com', 'fresh2024')).toBe(true);
  });

  it('refuses a wrong code beside the code field and changes nothing; the code is used only once', async () => {
    const cat = await t.createUser({ username: 'cat', mobile: '13700137002', password: 'old-pass-1' });
    const before = await hashOf(cat.id);
    const code = await codeFor('mobile', '13700137002');
    const refused = await reset({ type: 'mobile', account: '13700137002', captcha: wrong(code), newpassword: 'fresh2024' });
    expect(refused.body).toMatchObject({ code: 0, msg: '验证码错误', data: { field: 'captcha' } });
    expect(await hashOf(cat.id)).toBe(before);
    expect(await alive(cat)).toBe(true);
    expect(await loginWorks('cat', 'old-pass-1')).toBe(true);

    expect((await reset({ type: 'mobile', account: '13700137002', captcha: code, newpassword: 'fresh2024' })).body.code).toBe(1);
    const again = await reset({ type: 'mobile', account: '13700137002', captcha: code, newpassword: 'other2024' });
    expect(again.body).toMatchObject({ code: 0, msg: '验证码已失效，请重新获取' });
    expect(await loginWorks('cat', 'fresh2024')).toBe(true);
  });

  it('takes no code meant for another event (a login code does not reset the password)', async () => {
    await t.createUser({ username: 'dan', mobile: '13700137003', password: 'old-pass-1' });
    t.clock.advance(61_000);
    await t.call(authContract.sendSms, { mobile: '13700137003', template_code: 'mobilelogin' });
    const loginCode = await t.lastCode('13700137003');
    expect((await reset({ type: 'mobile', account: '13700137003', captcha: loginCode, newpassword: 'fresh2024' })).body.code).toBe(0);
    expect(await loginWorks('dan', 'old-pass-1')).toBe(true);
  });

  it('says plainly that an unknown mobile or e-mail is not registered, beside the account field', async () => {
    expect((await reset({ type: 'mobile', account: '13900000009', captcha: '123456', newpassword: 'fresh2024' })).body).toMatchObject({
      code: 0,
      msg: '该手机号尚未注册，请先注册',
      data: { field: 'account' },
    });
    expect((await reset({ type: 'email', account: 'nobody@example.com', captcha: '123456', newpassword: 'fresh2024' }, 'en')).body).toMatchObject({
      code: 0,
      msg: 'This e-mail address is not registered',
    });
  });

  it('holds the new password to the one rule and the account to its channel, changing nothing', async () => {
    const eve = await t.createUser({ username: 'eve', mobile: '13700137004', password: 'old-pass-1' });
    const before = await hashOf(eve.id);
    const code = await codeFor('mobile', '13700137004');
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'mobile', account: '13700137004', captcha: code, newpassword: 'abcdefgh' }, 'newpassword：密码须为6-20位字母和数字组合'],
      [{ type: 'mobile', account: '13700137004', captcha: code, newpassword: 'abc123'.repeat(4) }, 'newpassword：密码须为6-20位字母和数字组合'],
      [{ type: 'mobile', account: 'eve@example.com', captcha: code, newpassword: 'fresh2024' }, 'account：请输入正确的11位手机号'],
      [{ type: 'mobile', account: '13700137004', captcha: '', newpassword: 'fresh2024' }, 'captcha：请输入验证码'],
      [{ type: 'phone', account: '13700137004', captcha: code, newpassword: 'fresh2024' }, '请选择通过手机号或邮箱找回'],
    ];
    for (const [payload, msg] of cases) {
      const { body } = await t.call('/api/user/resetpwd', payload);
      expect(body.code).toBe(0);
      expect(body.msg).toContain(msg.split('：').pop());
    }
    expect(await hashOf(eve.id)).toBe(before);
    // The code survived the refused payloads: they never reached it.
    expect((await reset({ type: 'mobile', account: '13700137004', captcha: code, newpassword: 'fresh2024' })).body.code).toBe(1);
  });

  it('refuses a locked account before spending its code', async () => {
    const fay = await t.createUser({ username: 'fay', mobile: '13700137005', password: 'old-pass-1' });
    const code = await codeFor('mobile', '13700137005');
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', fay.id).execute();
    const before = await hashOf(fay.id);
    expect((await reset({ type: 'mobile', account: '13700137005', captcha: code, newpassword: 'fresh2024' })).body).toMatchObject({
      code: 0,
      msg: '该账号已被锁定，请联系客服',
    });
    expect(await hashOf(fay.id)).toBe(before);
  });

  it('stops guessing: after too many wrong codes even the right one is refused', async () => {
    const gus = await t.createUser({ username: 'gus', mobile: '13700137006', password: 'old-pass-1' });
    const before = await hashOf(gus.id);
    const code = await codeFor('mobile', '13700137006');
    let last = '';
    for (let i = 0; i < 10; i++) {
      last = (await reset({ type: 'mobile', account: '13700137006', captcha: wrong(code), newpassword: 'fresh2024' })).body.msg;
    }
    expect(last).not.toBe('验证码错误');
    expect((await reset({ type: 'mobile', account: '13700137006', captcha: code, newpassword: 'fresh2024' })).body.code).toBe(0);
    expect(await hashOf(gus.id)).toBe(before);
  });
});
