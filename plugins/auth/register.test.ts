import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_COST } from '@kernel/server/services/passwords';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { authContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  // Every registration here comes from one address: the per-ip throttle has its own tests (./throttle.test.ts).
  t = await createTestServer({ plugins: ['auth'], settings: { auth: { registrationsPerIpHour: 0 } } });
});
afterAll(() => t.close());

type Form = { username: string; password: string; email?: string; mobile?: string; code?: string; invite?: string };
const register = (form: Form, lang?: string) => t.call(authContract.register, form, { lang });
const count = async () =>
  Number((await t.db.selectFrom('kernel_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const needCode = (on: boolean) => t.editSite((file) => void (file.site = { ...file.site, regNeedCode: on }));

describe('POST /api/user/register', () => {
  it('creates the account with its own invite code and logs the shopper in', async () => {
    const { body } = await register({ username: 'newbie', password: 'abc12345', email: 'New@Example.com', mobile: '13600136000' });
    expect(body.code).toBe(1);
    const user = body.data.userinfo;
    expect(user).toMatchObject({ username: 'newbie', nickname: 'newbie', email: 'new@example.com', mobile: '13600136000', money: '0.00', score: 0 });
    expect(user.invite).toMatch(/^[A-Z2-9]{6}$/);
    expect(user.token).not.toBe('');
    const row = await t.db.selectFrom('kernel_user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('abc12345');
    expect(row.joinip).toBe('127.0.0.1');
    expect((await t.login('newbie', 'abc12345')).id).toBe(user.id);
  });

  it('stores the password at the production cost when the shop runs with it, and logs in with it', async () => {
    // The harness hashes cheaply (TEST_PASSWORD_COST); this server has what `storefront start` has.
    const shop = await createTestServer({ plugins: ['auth'], passwordCost: PRODUCTION_PASSWORD_COST });
    try {
      const { body } = await shop.call(authContract.register, { username: 'strong', password: 'abc12345' });
      expect(body.code).toBe(1);
      const row = await shop.db.selectFrom('kernel_user').select('password_hash').where('id', '=', body.data.userinfo.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await shop.call('/api/user/login', { account: 'strong', password: 'abc12345' });
      expect(login.body.code).toBe(1);
    } finally {
      await shop.close();
    }
  });

  it('takes e-mail and mobile as optional: empty means none', async () => {
    const { body } = await register({ username: 'plain', password: 'abc12345', email: '', mobile: '' });
    expect(body.data.userinfo).toMatchObject({ email: '', mobile: '' });
    expect((await register({ username: 'plain2', password: 'abc12345' })).body.code).toBe(1);
  });

  it.each([
    [{ username: '', password: 'abc12345' }, 'username', '请输入用户名'],
    [{ username: '1abc', password: 'abc12345' }, 'username', '请输入正确的用户名（3-30位字母、数字或下划线，以字母开头）'],
    [{ username: 'valid1', password: 'abc' }, 'password', '密码须为6-20位字母和数字组合'],
    [{ username: 'valid1', password: '12345678' }, 'password', '密码须为6-20位字母和数字组合'],
    [{ username: 'valid1', password: 'abc12345', email: 'nope' }, 'email', '请输入正确的邮箱地址'],
    [{ username: 'valid1', password: 'abc12345', mobile: '1234' }, 'mobile', '请输入正确的11位手机号'],
  ])('refuses %j on its field %s with "%s" and creates nothing', async (form, field, msg) => {
    const before = await count();
    expect((await register(form)).body).toMatchObject({ code: 0, msg, data: { field } });
    expect(await count()).toBe(before);
  });

  it('refuses a username, e-mail or mobile someone already has', async () => {
    await t.createUser({ username: 'taken', email: 'taken@example.com', mobile: '13500135000' });
    const msg = async (form: Form) => (await register(form)).body.msg;
    expect(await msg({ username: 'taken', password: 'abc12345' })).toBe('用户名已被占用');
    expect(await msg({ username: 'fresh1', password: 'abc12345', email: 'TAKEN@example.com' })).toBe('该邮箱已绑定其他账户');
    expect(await msg({ username: 'fresh1', password: 'abc12345', mobile: '13500135000' })).toBe('该手机号已绑定其他账户');
    expect((await register({ username: 'taken', password: 'abc12345' }, 'en')).body.msg).toMatch(/taken/i);
  });

  it('names the field of a taken identity or an unknown invite code, so the form shows it beside that field', async () => {
    await t.createUser({ username: 'owner', email: 'owner@example.com', mobile: '13500135001' });
    const field = async (form: Form) => (await register(form)).body.data;
    expect(await field({ username: 'owner', password: 'abc12345' })).toMatchObject({ field: 'username', message: '用户名已被占用' });
    expect(await field({ username: 'fresh2', password: 'abc12345', email: 'owner@example.com' })).toMatchObject({ field: 'email' });
    expect(await field({ username: 'fresh2', password: 'abc12345', mobile: '13500135001' })).toMatchObject({ field: 'mobile' });
    expect(await field({ username: 'fresh2', password: 'abc12345', invite: 'ZZZZZZ' })).toMatchObject({ field: 'invite' });
  });

  it('reports a taken username, e-mail and mobile and an unknown invite code all in one refusal, creating nothing', async () => {
    await t.createUser({ username: 'crowded', email: 'crowded@example.com', mobile: '13500135002' });
    const before = await count();
    const form = { username: 'crowded', password: 'abc12345', email: 'Crowded@example.com', mobile: '13500135002', invite: 'ZZZZZZ' };
    const zh = await register(form);
    expect(zh.body).toMatchObject({ code: 0, msg: '用户名已被占用；该邮箱已绑定其他账户；该手机号已绑定其他账户；邀请码不存在，请检查后重试' });
    expect(zh.body.data).toEqual({
      field: 'username',
      message: '用户名已被占用',
      problems: [
        { field: 'username', message: '用户名已被占用' },
        { field: 'email', message: '该邮箱已绑定其他账户' },
        { field: 'mobile', message: '该手机号已绑定其他账户' },
        { field: 'invite', message: '邀请码不存在，请检查后重试' },
      ],
    });
    const en = await register(form, 'en');
    expect(en.body.msg).toBe(
      'This username is already taken; This e-mail address is already bound to another account; ' +
        'This mobile number is already bound to another account; This invite code does not exist, please check it',
    );
    expect(await count()).toBe(before);
  });

  it("joins the inviter's team with a known invite code and refuses an unknown one", async () => {
    const host = await t.createUser({ username: 'host' });
    const { invite } = await t.services.users.info(host.id);
    const { body } = await register({ username: 'guest', password: 'abc12345', invite: invite.toLowerCase() });
    const row = await t.db.selectFrom('kernel_user').select('parent_id').where('id', '=', body.data.userinfo.id).executeTakeFirstOrThrow();
    expect(row.parent_id).toBe(host.id);
    expect(body.data.userinfo.invite).not.toBe(invite);

    const before = await count();
    expect((await register({ username: 'guest2', password: 'abc12345', invite: 'ZZZZZZ' })).body).toMatchObject({
      code: 0,
      msg: '邀请码不存在，请检查后重试',
    });
    expect(await count()).toBe(before);
  });

  it('of many concurrent registrations of one username, exactly one succeeds', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register({ username: 'racer', password: `abc1234${i}` })),
    );
    expect(replies.filter((r) => r.body.code === 1)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(7).fill('用户名已被占用'));
    const rows = await t.db.selectFrom('kernel_user').select('id').where('username', '=', 'racer').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('registration when the site needs a code (regNeedCode)', () => {
  beforeAll(() => needCode(true));
  afterAll(() => needCode(false));

  it('asks for a code, and for a mobile or e-mail to send it to', async () => {
    expect((await register({ username: 'coder', password: 'abc12345' })).body.msg).toBe('请填写手机号或邮箱以接收验证码');
    expect((await register({ username: 'coder', password: 'abc12345', mobile: '13400134000' })).body.msg).toBe('请输入验证码');
  });

  it('registers with the SMS code sent to the mobile (read from the outbox)', async () => {
    expect((await t.call(authContract.sendSms, { mobile: '13400134000', template_code: 'register' })).body.code).toBe(1);
    const code = await t.lastCode('13400134000');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await register({ username: 'coder', password: 'abc12345', mobile: '13400134000', code: wrong })).body).toMatchObject({
      msg: '验证码错误',
      data: { field: 'code', problems: [{ field: 'code', message: '验证码错误' }] },
    });
    const { body } = await register({ username: 'coder', password: 'abc12345', mobile: '13400134000', code });
    expect(body.data.userinfo.mobile).toBe('13400134000');
  });

  it('checks the code against the e-mail when no mobile is given', async () => {
    expect((await t.call(authContract.sendEmail, { email: 'Mail@Example.com', event: 'register' })).body.code).toBe(1);
    const code = await t.lastCode('mail@example.com');
    const { body } = await register({ username: 'mailer', password: 'abc12345', email: 'mail@example.com', code });
    expect(body.data.userinfo.email).toBe('mail@example.com');
  });

  it('refuses a missing code together with the other findings', async () => {
    await t.createUser({ username: 'busy' });
    const { body } = await register({ username: 'busy', password: 'abc12345', mobile: '13400134009' });
    expect(body.data).toMatchObject({ problems: [{ field: 'username' }, { field: 'code', message: '请输入验证码' }] });
  });

  it('keeps the code when the username is taken, so the shopper can retry', async () => {
    await t.createUser({ username: 'occupied' });
    await t.call(authContract.sendSms, { mobile: '13400134002', template_code: 'register' });
    const code = await t.lastCode('13400134002');
    expect((await register({ username: 'occupied', password: 'abc12345', mobile: '13400134002', code })).body.msg).toBe('用户名已被占用');
    expect((await register({ username: 'occupied2', password: 'abc12345', mobile: '13400134002', code })).body.code).toBe(1);
  });
});

describe('registration when the site needs no code', () => {
  it('ignores a code', async () => {
    expect((await register({ username: 'nocode', password: 'abc12345', mobile: '13300133000', code: '123' })).body.code).toBe(1);
  });
});
