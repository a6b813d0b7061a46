import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '@kernel/server/testing';
import { securityContract } from './contract';
import { type SecurityFixture, securityServerPerFile } from './testing';

const fixture = securityServerPerFile();
let f: SecurityFixture;
beforeEach(() => {
  f = fixture();
});

const bind = (user: TestUser, payload: Record<string, unknown>, lang?: string) =>
  f.t.call(securityContract.changeBind, payload as never, { token: user.token, lang });
const unbind = (user: TestUser, payload: Record<string, unknown>) => f.t.call(securityContract.unBind, payload as never, { token: user.token });
const bindings = (user: TestUser) =>
  f.t.db.selectFrom('kernel_user').select(['email', 'mobile']).where('id', '=', user.id).executeTakeFirstOrThrow();

describe('POST /api/account/changeBindApp: a first binding', () => {
  it('binds an e-mail with the code the outbox got, stored in lower case, and answers the fresh user info', async () => {
    const ann = await f.t.createUser();
    const code = await f.code(ann, { email: 'Ann@Example.com' });
    const { body } = await bind(ann, { id: ann.id, type: 'email', value: 'Ann@Example.com', code });
    expect(body).toMatchObject({ code: 1, data: { id: ann.id, email: 'ann@example.com', token: '' } });
    expect(await bindings(ann)).toEqual({ email: 'ann@example.com', mobile: null });
  });

  it('binds a mobile with the SMS code, without any password check', async () => {
    const bob = await f.t.createUser();
    const code = await f.code(bob, { mobile: '13900139001' });
    expect((await bind(bob, { type: 'mobile', value: '13900139001', code })).body).toMatchObject({ code: 1, data: { mobile: '13900139001' } });
    expect((await bindings(bob)).mobile).toBe('13900139001');
  });

  it('refuses a wrong code and changes nothing; the right code still works afterwards', async () => {
    const cat = await f.t.createUser();
    const code = await f.code(cat, { email: 'cat@example.com' });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await bind(cat, { type: 'email', value: 'cat@example.com', code: wrong })).body).toMatchObject({ code: 0, msg: '验证码错误' });
    expect((await bindings(cat)).email).toBeNull();
    expect((await bind(cat, { type: 'email', value: 'cat@example.com', code })).body.code).toBe(1);
  });

  it('refuses an expired code', async () => {
    const dan = await f.t.createUser();
    const code = await f.code(dan, { mobile: '13900139002' });
    f.t.clock.advance(5 * 60_000 + 1000);
    expect((await bind(dan, { type: 'mobile', value: '13900139002', code })).body).toMatchObject({ code: 0, msg: '验证码已失效，请重新获取' });
    expect((await bindings(dan)).mobile).toBeNull();
  });

  it('voids the code after too many wrong tries, even for the right one', async () => {
    const eve = await f.t.createUser();
    const code = await f.code(eve, { email: 'eve@example.com' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await bind(eve, { type: 'email', value: 'eve@example.com', code: wrong });
    expect((await bind(eve, { type: 'email', value: 'eve@example.com', code })).body).toMatchObject({ code: 0, msg: '验证码已失效，请重新获取' });
    expect((await bindings(eve)).email).toBeNull();
  });

  it('refuses an e-mail another account holds, without using up the code', async () => {
    const fay = await f.t.createUser();
    const code = await f.code(fay, { email: 'shared@example.com' });
    // Someone registers with the address while Fay reads her mail.
    await f.t.createUser({ email: 'shared@example.com' });
    expect((await bind(fay, { type: 'email', value: 'shared@example.com', code }, 'en')).body).toMatchObject({ code: 0 });
    expect((await bind(fay, { type: 'email', value: 'SHARED@example.com', code })).body).toMatchObject({ code: 0, msg: '该邮箱已绑定其他账户' });
    expect((await bindings(fay)).email).toBeNull();
    const unused = await f.t.db.selectFrom('kernel_code').select('used_at').where('target', '=', 'shared@example.com').executeTakeFirstOrThrow();
    expect(unused.used_at).toBeNull();
  });

  it('refuses the mobile the shopper already has', async () => {
    const gus = await f.t.createUser({ mobile: '13900139003' });
    expect((await bind(gus, { type: 'mobile', value: '13900139003', code: '123456' })).body).toMatchObject({ code: 0, msg: '这已是您绑定的手机号' });
  });

  it('refuses bad input with code 0 naming the field', async () => {
    const hal = await f.t.createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'email', value: 'not-an-address', code: '123456' }, '请输入正确的邮箱地址'],
      [{ type: 'mobile', value: '1390013900', code: '123456' }, '请输入正确的11位手机号'],
      [{ type: 'mobile', value: '13900139004', code: '12' }, '请输入验证码'],
      [{ type: 'wechat', value: 'x', code: '123456' }, '请选择邮箱（email）或手机（mobile）'],
    ];
    for (const [payload, msg] of cases) expect((await bind(hal, payload)).body).toMatchObject({ code: 0, msg });
    expect(await bindings(hal)).toEqual({ email: null, mobile: null });
  });

  it("refuses another user's id and changes neither account", async () => {
    const [ida, jon] = [await f.t.createUser(), await f.t.createUser()];
    const code = await f.code(ida, { email: 'ida@example.com' });
    expect((await bind(ida, { id: jon.id, type: 'email', value: 'ida@example.com', code })).status).toBe(403);
    expect((await bindings(jon)).email).toBeNull();
    expect((await bindings(ida)).email).toBeNull();
  });

  it('answers 401 without a token', async () => {
    expect((await f.t.call(securityContract.changeBind, { type: 'email', value: 'a@b.cn', code: '123456' })).status).toBe(401);
  });
});

describe('POST /api/account/changeBindApp: one address, one account', () => {
  it('lets exactly one of several shoppers binding the same e-mail at once have it', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => f.t.createUser()));
    // Every shopper holds a valid code (the kernel keeps only the newest per address, so a real
    // race needs codes from different events): what is raced here is the binding itself. The
    // check takes a moment, as the real one does, so every request passes the early `taken`
    // check before any writes: the unique index has to decide.
    vi.spyOn(f.t.services.codes, 'verify').mockImplementation(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const replies = await Promise.all(shoppers.map((s) => bind(s, { type: 'email', value: 'race@example.com', code: '123456' })));
    const won = replies.filter((r) => r.body.code === 1);
    expect(won).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 0).map((r) => r.body.msg)).toEqual(Array(7).fill('该邮箱已绑定其他账户'));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const holders = await f.t.db.selectFrom('kernel_user').select('id').where('email', '=', 'race@example.com').execute();
    expect(holders).toEqual([{ id: won[0].body.data.id }]);
  });
});

describe('POST /api/account/changeBindApp: changing a binding', () => {
  it('asks for a recent password check first, without using up the code, then changes it', async () => {
    const kim = await f.t.createUser({ email: 'kim@example.com' });
    const code = await f.code(kim, { email: 'kim.new@example.com' });
    const refused = await bind(kim, { type: 'email', value: 'kim.new@example.com', code });
    expect(refused.body).toMatchObject({ code: 0, msg: '为了账户安全，请先验证登录密码', data: { password_check: true } });
    expect((await bindings(kim)).email).toBe('kim@example.com');

    await f.checkPassword(kim);
    expect((await bind(kim, { type: 'email', value: 'kim.new@example.com', code })).body).toMatchObject({ code: 1, data: { email: 'kim.new@example.com' } });
  });

  it('takes a password check for five minutes only', async () => {
    const lee = await f.t.createUser({ mobile: '13900139005' });
    await f.checkPassword(lee);
    f.t.clock.advance(5 * 60_000 + 1000);
    const code = await f.code(lee, { mobile: '13900139006' });
    expect((await bind(lee, { type: 'mobile', value: '13900139006', code })).body).toMatchObject({ code: 0, data: { password_check: true } });
    expect((await bindings(lee)).mobile).toBe('13900139005');
  });

  it("never counts another shopper's password check", async () => {
    const [max, ned] = [await f.t.createUser({ email: 'max@example.com' }), await f.t.createUser()];
    await f.checkPassword(ned);
    const code = await f.code(max, { email: 'max.new@example.com' });
    expect((await bind(max, { type: 'email', value: 'max.new@example.com', code })).body).toMatchObject({ code: 0, data: { password_check: true } });
  });
});

describe('POST /api/account/unBind', () => {
  it('refuses without a recent password check and changes nothing', async () => {
    const oli = await f.t.createUser({ email: 'oli@example.com', mobile: '13900139007' });
    expect((await unbind(oli, { id: oli.id, type: 'email' })).body).toMatchObject({ code: 0, msg: '为了账户安全，请先验证登录密码', data: { password_check: true } });
    expect(await bindings(oli)).toEqual({ email: 'oli@example.com', mobile: '13900139007' });
  });

  it('removes the binding after a password check, keeping the other, and the shopper still logs in by username', async () => {
    const pam = await f.t.createUser({ email: 'pam@example.com', mobile: '13900139008' });
    await f.checkPassword(pam);
    expect((await unbind(pam, { id: pam.id, type: 'mobile' })).body).toMatchObject({ code: 1, data: { mobile: '', email: 'pam@example.com' } });
    expect(await bindings(pam)).toEqual({ email: 'pam@example.com', mobile: null });
    expect((await f.t.login(pam.username, pam.password)).id).toBe(pam.id);
  });

  it('says so when there is nothing to unbind', async () => {
    const quinn = await f.t.createUser();
    await f.checkPassword(quinn);
    expect((await unbind(quinn, { type: 'email' })).body).toMatchObject({ code: 0, msg: '您还没有绑定邮箱' });
  });

  it("refuses another user's id and changes neither account", async () => {
    const [ray, sue] = [await f.t.createUser({ email: 'ray@example.com' }), await f.t.createUser({ email: 'sue@example.com' })];
    await f.checkPassword(ray);
    expect((await unbind(ray, { id: sue.id, type: 'email' })).status).toBe(403);
    expect((await bindings(sue)).email).toBe('sue@example.com');
    expect((await bindings(ray)).email).toBe('ray@example.com');
  });

  it('refuses an unknown type, naming the field', async () => {
    const tom = await f.t.createUser({ email: 'tom@example.com' });
    expect((await unbind(tom, { type: 'username' })).body).toMatchObject({ code: 0, msg: '请选择邮箱（email）或手机（mobile）' });
  });
});
