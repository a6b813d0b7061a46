import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { authContract } from '../contract';
import type {} from '../tables';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['auth'], settings: { auth: { thirdLogin: ['local'] } } });
});
afterAll(() => t.close());

let ips = 0;
let mobiles = 0;
const newMobile = () => `1390000${String(++mobiles).padStart(4, '0')}`;
/** A code from the local platform for the name (the shopper "authorised" as it). */
const grant = async (name: string) => {
  const { body } = await t.call(authContract.localAuthorize, { name });
  if (body.code !== 1) throw new Error(`localAuthorize: ${body.msg}`);
  return body.data.code;
};
/** The SMS code for `bindthird`, a minute apart and each from its own address, so the send limits stay out of the way. */
const smsCode = async (mobile: string) => {
  t.clock.advance(61_000);
  await t.services.codes.send({ channel: 'sms', target: mobile, event: 'bindthird', ip: `10.0.${Math.floor(++ips / 250)}.${ips % 250}`, lang: 'zh-Hans' });
  return t.lastCode(mobile);
};
const thirdLogin = (uuid: string, lang?: string, type = 'local') => t.call(authContract.thirdLogin, { uuid, type }, { lang });
const bind = async (uuid: string, mobile: string, options: { captcha?: string; lang?: string; type?: string } = {}) =>
  t.call(authContract.bindThirdAccount, { uuid, mobile, type: options.type ?? 'local', captcha: options.captcha ?? (await smsCode(mobile)) }, { lang: options.lang });
const identities = () => t.db.selectFrom('auth_identity').select(['provider', 'subject', 'openid', 'unionid', 'user_id']).orderBy('id').execute();
const accountsWith = async (mobile: string) => (await t.db.selectFrom('kernel_user').select('id').where('mobile', '=', mobile).execute()).map((r) => r.id);

describe('POST /api/user/thirdProviders', () => {
  it("lists the platforms the site offers, in the shopper's language, each leading to its authorisation", async () => {
    const payload = { state: 'abcdefghijklmnop', callback: '/pages/login/third?returnTo=%2Fx', origin: 'https://shop.test/' };
    const zh = await t.call(authContract.thirdProviders, payload);
    expect(zh.body.data.list).toEqual([
      { type: 'local', name: '本地演示平台', url: `/pages/login/local-platform?state=abcdefghijklmnop&callback=${encodeURIComponent('/pages/login/third?returnTo=%2Fx&type=local')}` },
    ]);
    expect((await t.call(authContract.thirdProviders, payload, { lang: 'en' })).body.data.list[0].name).toBe('Local demo platform');
  });

  it('refuses a return address outside the shop', async () => {
    const { body } = await t.call(authContract.thirdProviders, { state: 'abcdefghijklmnop', callback: '//evil.test/x', origin: 'https://shop.test/' });
    expect(body).toMatchObject({ code: 0, msg: '返回地址无效', data: { field: 'callback' } });
  });
});

describe('POST /api/Sms/send for bindthird', () => {
  it('sends the code to any mobile, registered or not', async () => {
    const known = newMobile();
    await t.createUser({ mobile: known });
    for (const mobile of [known, newMobile()]) {
      expect((await t.call(authContract.sendSms, { mobile, template_code: 'bindthird' })).body.code).toBe(1);
      expect(await t.lastCode(mobile)).toMatch(/^\d{6}$/);
    }
  });
});

describe('POST /api/user/thirdLogin', () => {
  it('answers what the platform told of an unbound shopper, and the same code may ask again', async () => {
    const uuid = await grant('阿明');
    for (let i = 0; i < 2; i++) {
      const { body } = await thirdLogin(uuid);
      expect(body).toMatchObject({ code: 1, data: { bound: false, nickname: '阿明', avatar: '', platform: '本地演示平台' } });
    }
  });

  it("shows the platform's failure as the spec's error: an unknown code, or one past its five minutes", async () => {
    expect((await thirdLogin('no-such-code')).body).toMatchObject({ code: 0, msg: '获取第三方平台 openid 失败' });
    expect((await thirdLogin('no-such-code', 'en')).body.msg).toBe("Failed to get the chat-login platform's open id");
    const late = await grant('迟到');
    t.clock.advance(5 * 60_000 + 1000);
    expect((await thirdLogin(late)).body.msg).toBe('获取第三方平台 openid 失败');
  });

  it('refuses a platform the site does not offer, or no platform at all', async () => {
    expect((await thirdLogin('x', undefined, 'wechat')).body).toMatchObject({ code: 0, msg: '本站未开通该登录方式（wechat）', data: { field: 'type' } });
    expect((await thirdLogin('x', undefined, 'Bad Type!')).body).toMatchObject({ code: 0, msg: '请选择正确的登录方式', data: { field: 'type' } });
  });
});

describe('POST /api/user/bindThirdAccount', () => {
  it('makes an account for a new mobile, with the platform nickname, and logs in carrying the open and union ids', async () => {
    const mobile = newMobile();
    const uuid = await grant('新人小红');
    const { body } = await bind(uuid, mobile);
    expect(body.code).toBe(1);
    const info = body.data.userinfo;
    expect(info).toMatchObject({ mobile, nickname: '新人小红', openid: expect.stringMatching(/^lo_[0-9a-f]{28}$/), unionid: expect.stringMatching(/^lu_[0-9a-f]{28}$/) });
    expect(info.username).toMatch(/^local_[a-z2-9]{10}$/);
    expect(info.token).toMatch(/.{20,}/);
    expect(await accountsWith(mobile)).toEqual([info.id]);
    // Bound now: the next visit through the platform logs straight in.
    const again = await thirdLogin(await grant('新人小红'));
    expect(again.body.data).toMatchObject({ bound: true, userinfo: { id: info.id, openid: info.openid, unionid: info.unionid } });
    // The code that bound was used up: a copy left in the browser's history logs nobody in.
    expect((await thirdLogin(uuid)).body.msg).toBe('获取第三方平台 openid 失败');
  });

  it('adds the identity to the account a registered mobile already has: no second account', async () => {
    const mobile = newMobile();
    const ann = await t.createUser({ username: 'bindann', password: 'ann123456', mobile });
    const { body } = await bind(await grant('ann-on-platform'), mobile);
    expect(body.data.userinfo).toMatchObject({ id: ann.id, username: 'bindann' });
    expect(await accountsWith(mobile)).toEqual([ann.id]);
    // Her other logins carry the bound identity too.
    const login = await t.call(authContract.login, { account: 'bindann', password: 'ann123456' });
    expect(login.body.data.userinfo.openid).toBe(body.data.userinfo.openid);
  });

  it('refuses an identity bound to another account, keeping the code for a binding that may go ahead', async () => {
    const first = newMobile();
    await bind(await grant('only-once'), first);
    const second = newMobile();
    const captcha = await smsCode(second);
    const refused = await bind(await grant('only-once'), second, { captcha });
    expect(refused.body).toMatchObject({ code: 0, msg: '该第三方账号已绑定其他手机号' });
    expect((await bind(await grant('only-once'), second, { captcha, lang: 'en' })).body.msg).toBe('This third-party account is already bound to another mobile number');
    expect(await accountsWith(second)).toEqual([]);
    expect((await bind(await grant('someone-else'), second, { captcha })).body.code).toBe(1);
  });

  it('binding the same identity to the same account again is just a login', async () => {
    const mobile = newMobile();
    const first = await bind(await grant('twice'), mobile);
    const again = await bind(await grant('twice'), mobile);
    expect(again.body.data.userinfo.id).toBe(first.body.data.userinfo.id);
    const subject = (await identities()).filter((i) => Number(i.user_id) === first.body.data.userinfo.id);
    expect(subject).toHaveLength(1);
  });

  it('refuses a second identity of one platform for an account, beside the mobile', async () => {
    const mobile = newMobile();
    await bind(await grant('first-of-two'), mobile);
    const { body } = await bind(await grant('second-of-two'), mobile);
    expect(body).toMatchObject({ code: 0, msg: '该手机号已绑定其他本地演示平台账号，请先解绑或换一个手机号', data: { field: 'mobile' } });
  });

  it('refuses a locked account as a login does, binding and logging in', async () => {
    const mobile = newMobile();
    const dan = await t.createUser({ mobile });
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', dan.id).execute();
    expect((await bind(await grant('dan-platform'), mobile)).body).toMatchObject({ code: 0, msg: '该账号已被锁定，请联系客服' });
    await t.db.updateTable('kernel_user').set({ status: 1 }).where('id', '=', dan.id).execute();
    expect((await bind(await grant('dan-platform'), mobile)).body.code).toBe(1);
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', dan.id).execute();
    expect((await thirdLogin(await grant('dan-platform'))).body.msg).toBe('该账号已被锁定，请联系客服');
  });

  it('refuses a wrong SMS code beside its field, binding nothing', async () => {
    const mobile = newMobile();
    const right = await smsCode(mobile);
    const wrong = right === '000000' ? '111111' : '000000';
    const before = (await identities()).length;
    const { body } = await bind(await grant('wrong-code'), mobile, { captcha: wrong });
    expect(body).toMatchObject({ code: 0, msg: '验证码错误', data: { field: 'captcha' } });
    expect((await identities()).length).toBe(before);
    expect(await accountsWith(mobile)).toEqual([]);
  });

  it("refuses when the platform fails, with the spec's error", async () => {
    const mobile = newMobile();
    expect((await bind('forged-code', mobile)).body).toMatchObject({ code: 0, msg: '获取第三方平台 openid 失败' });
  });
});

describe('a site that offers no third-party login', () => {
  it('refuses the calls and has no platform to list', async () => {
    await t.editSite((file) => {
      file.plugins.auth.settings = { thirdLogin: [] };
    });
    try {
      expect((await t.call(authContract.localAuthorize, { name: 'x' })).body).toMatchObject({ code: 0, msg: '本站未开通该登录方式（local）' });
      expect((await thirdLogin('x')).body.msg).toBe('本站未开通该登录方式（local）');
      const list = await t.call(authContract.thirdProviders, { state: 'abcdefghijklmnop', callback: '/pages/login/third', origin: 'https://shop.test/' });
      expect(list.body.data.list).toEqual([]);
    } finally {
      await t.editSite((file) => {
        file.plugins.auth.settings = { thirdLogin: ['local'] };
      });
    }
  });
});
