import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { authContract } from './contract';

let t: TestServer;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'] });
  ann = await t.createUser({ username: 'ann', mobile: '13700137000', email: 'ann@example.com' });
});
afterAll(() => t.close());

const sms = (mobile: string, template_code: 'register' | 'mobilelogin' | 'changemobile' | 'resetpwd') =>
  t.call(authContract.sendSms, { mobile, template_code });
const mobileLogin = (mobile: string, captcha: string) => t.call(authContract.mobileLogin, { mobile, captcha });

describe('POST /api/user/mobilelogin', () => {
  it('logs in with the SMS code delivered through the outbox', async () => {
    expect((await sms('13700137000', 'mobilelogin')).body.code).toBe(1);
    const [message] = await t.outbox('13700137000');
    expect(message.channel).toBe('sms');
    const { body } = await mobileLogin('13700137000', await t.lastCode('13700137000'));
    expect(body.code).toBe(1);
    expect(body.data.userinfo).toMatchObject({ id: ann.id, username: 'ann' });
    expect(body.data.userinfo.token).not.toBe('');
  });

  it('refuses a wrong code, and the right one only once', async () => {
    t.clock.advance(61_000);
    await sms('13700137000', 'mobilelogin');
    const code = await t.lastCode('13700137000');
    expect((await mobileLogin('13700137000', code === '123456' ? '654321' : '123456')).body.msg).toBe('验证码错误');
    expect((await mobileLogin('13700137000', code)).body.code).toBe(1);
    expect((await mobileLogin('13700137000', code)).body.msg).toBe('验证码已失效，请重新获取');
  });

  it('says plainly that an unknown mobile is not registered, and creates no account', async () => {
    const { body } = await mobileLogin('13900000000', '123456');
    expect(body).toMatchObject({ code: 0, msg: '该手机号尚未注册，请先注册' });
    expect(await t.db.selectFrom('kernel_user').select('id').where('mobile', '=', '13900000000').executeTakeFirst()).toBeUndefined();
  });

  it('names the field of a malformed mobile or code', async () => {
    expect((await mobileLogin('123', '123456')).body.msg).toBe('请输入正确的11位手机号');
    expect((await mobileLogin('13700137000', '')).body.msg).toBe('请输入验证码');
  });
});

describe('POST /api/Sms/send', () => {
  it('refuses to send a registration code to a registered mobile, and a login code to an unknown one', async () => {
    expect((await sms('13700137000', 'register')).body.msg).toBe('该手机号已绑定其他账户');
    expect((await sms('13700137000', 'changemobile')).body.msg).toBe('该手机号已绑定其他账户');
    expect((await sms('13911112222', 'mobilelogin')).body.msg).toBe('该手机号尚未注册，请先注册');
    expect((await sms('13911112222', 'resetpwd')).body.msg).toBe('该手机号尚未注册，请先注册');
    expect(await t.outbox('13911112222')).toEqual([]);
  });

  it('is rate-limited by the kernel: one code a minute per mobile', async () => {
    expect((await sms('13922223333', 'register')).body.code).toBe(1);
    const again = await sms('13922223333', 'register');
    expect(again.body.code).toBe(0);
    expect(again.body.msg).toMatch(/^尝试次数过多/);
    expect(await t.outbox('13922223333')).toHaveLength(1);
  });

  it('accepts only the known events', async () => {
    const { body } = await t.call('/api/Sms/send', { mobile: '13933334444', template_code: 'hack' });
    expect(body.code).toBe(0);
    expect(body.msg).toMatch(/^(?!template_code\b)./);
  });

  it('takes the extras of the wire format without using them', async () => {
    const { body } = await t.call(authContract.sendSms, { mobile: '13944445555', template_code: 'register', extras: { name: 'x' } });
    expect(body.code).toBe(1);
  });
});

describe('POST /api/Ems/send', () => {
  it('sends a registration code to a free address and refuses a registered one', async () => {
    expect((await t.call(authContract.sendEmail, { email: 'free@example.com', event: 'register' })).body.code).toBe(1);
    const [message] = await t.outbox('free@example.com');
    expect(message.channel).toBe('email');
    expect(message.body).toMatch(/\d{6}/);
    expect((await t.call(authContract.sendEmail, { email: 'ANN@example.com', event: 'register' })).body.msg).toBe('该邮箱已绑定其他账户');
    expect((await t.call(authContract.sendEmail, { email: 'ghost@example.com', event: 'resetpwd' })).body.msg).toBe('该邮箱尚未注册');
  });
});
