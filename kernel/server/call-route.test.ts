import { describe, expect, it } from 'vitest';
import { kernelContract } from '../core/kernel.contract';
import type { UserInfo } from '../core/user';
import { wishPlugin } from './fake-project';
import { serveFakeProject } from './fake-project-server';
import { signHeaders } from './pipeline/signature';
import { TEST_APP, type TestServer } from './testing';

serveFakeProject({ wish: wishPlugin }, (server) => (t = server));
let t: TestServer;

const wishCount = async () => (await t.db.selectFrom('wish_item' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('signature', () => {
  it('refuses a tampered signature with 403', async () => {
    const { status, body } = await t.call(kernelContract.index, {}, { headers: { Authorization: 'f'.repeat(32) } });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 0, msg: '请求签名无效', data: null });
  });

  it('refuses another app key and a missing signature', async () => {
    expect((await t.call(kernelContract.index, {}, { headers: { 'App-Key': 'someone-else' } })).status).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/index/index' });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().msg).toBe('请求签名无效');
  });

  it('refuses a stale timestamp, even correctly signed', async () => {
    const stale = signHeaders(TEST_APP, t.clock.now() - 301_000);
    const { status, body } = await t.call(kernelContract.index, {}, { headers: stale, lang: 'en' });
    expect(status).toBe(403);
    expect(body.msg).toBe('Request time is out of sync with the server');
  });

  it('accepts a signature made a few minutes ago', async () => {
    const recent = signHeaders(TEST_APP, t.clock.now() - 200_000);
    expect((await t.call(kernelContract.index, {}, { headers: recent })).body.code).toBe(1);
  });

  it('leaves the OpenAPI document unsigned', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('asks for a login with 401 when a required token is missing or unknown', async () => {
    const missing = await t.call('/api/wish/add', { mobile: '13800138000', title: 'a' });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 0, msg: '请先登录' });
    const unknown = await t.call('/api/wish/add', { mobile: '13800138000', title: 'a' }, { token: 'nope', lang: 'en' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toBe('Your login has expired, please log in again');
  });

  it('knows the user on optional calls and ignores a bad token there', async () => {
    const bob = await t.createUser();
    expect((await t.call<{ viewer: number }>('/api/wish/list', {}, { method: 'GET', token: bob.token })).body.data.viewer).toBe(bob.id);
    expect((await t.call<{ viewer: number }>('/api/wish/list', {}, { method: 'GET', token: 'bad' })).body.data.viewer).toBe(0);
  });

  it('expires access tokens after two hours', async () => {
    const cat = await t.createUser();
    t.clock.advance(2 * 3600_000 - 1000);
    expect((await t.call('/api/wish/list', {}, { method: 'GET', token: cat.token })).status).toBe(200);
    expect((await t.call('/api/wish/spend', { amount: 1, ref: 'r' }, { token: cat.token })).status).toBe(200);
    t.clock.advance(2000);
    const expired = await t.call('/api/wish/spend', { amount: 1, ref: 'r' }, { token: cat.token });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('登录已失效，请重新登录');
  });

  it('rotates the refresh token: the new pair works, the old refresh and access tokens do not', async () => {
    const dan = await t.createUser({ username: 'dan' });
    const refreshed = await t.call(kernelContract.refreshToken, { refresh_token: dan.refreshToken });
    expect(refreshed.status).toBe(200);
    const info: UserInfo = refreshed.body.data.userinfo;
    expect(info).toMatchObject({ id: dan.id, username: 'dan', money: '0.00', cartNum: 0, cartList: [] });
    expect(info.token).not.toBe(dan.token);
    expect(info.refreshToken).not.toBe(dan.refreshToken);

    const again = await t.call(kernelContract.refreshToken, { refresh_token: dan.refreshToken });
    expect(again.status).toBe(401);
    expect((await t.call('/api/wish/spend', { amount: 1, ref: 'x' }, { token: dan.token })).status).toBe(401);
    expect((await t.call('/api/wish/list', {}, { method: 'GET', token: info.token })).body.data).toMatchObject({ viewer: dan.id });
  });

  it('refuses an expired refresh token', async () => {
    const eve = await t.createUser();
    t.clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await t.call(kernelContract.refreshToken, { refresh_token: eve.refreshToken })).status).toBe(401);
  });

  it('refuses tokens of a locked account', async () => {
    const fay = await t.createUser();
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', fay.id).execute();
    expect((await t.call('/api/wish/spend', { amount: 1, ref: 'f' }, { token: fay.token })).status).toBe(401);
    expect((await t.call(kernelContract.refreshToken, { refresh_token: fay.refreshToken })).status).toBe(401);
  });
});

describe('payloads', () => {
  it('refuses a bad payload with code 0 in the shopper\'s words, keeping the wire name in data for forms', async () => {
    const gus = await t.createUser();
    const zh = await t.call('/api/wish/add', { mobile: '12345', title: 'a' }, { token: gus.token });
    expect(zh.status).toBe(200);
    // Our own message already says what is wrong: no field name in front of it.
    expect(zh.body).toMatchObject({ code: 0, msg: '请输入正确的11位手机号', data: { field: 'mobile', message: '请输入正确的11位手机号' } });
    const en = await t.call('/api/wish/add', { mobile: '12345', title: 'a' }, { token: gus.token, lang: 'en' });
    expect(en.body.msg).toBe('Please enter a correct 11-digit mobile number');
  });

  it("answers the kernel's own messages, never zod's, naming the field by the label the call declares", async () => {
    const hal = await t.createUser();
    const zh = await t.call('/api/wish/add', { mobile: '13800138000' }, { token: hal.token });
    expect(zh.body).toMatchObject({ code: 0, msg: '心愿不能为空' });
    expect(zh.body.data).toEqual({ field: 'title', message: '不能为空', problems: [{ field: 'title', message: '不能为空' }] });
    const en = await t.call('/api/wish/add', { mobile: '13800138000', title: 'x'.repeat(41) }, { token: hal.token, lang: 'en' });
    expect(en.body.msg).toBe('Wish must be at most 40 characters');
  });

  it('names a field by the kernel\'s common label, or not at all, never by its wire name', async () => {
    const page = await t.call('/api/wish/list', { page: 'two' }, { method: 'GET' });
    expect(page.body.msg).toBe('页码应为数字');
    const ivy = await t.createUser();
    const ref = await t.call('/api/wish/spend', { amount: 1, ref: 7 }, { token: ivy.token, lang: 'en' });
    expect(ref.body).toMatchObject({ code: 0, msg: 'Must be text', data: { field: 'ref', message: 'Must be text' } });
  });

  it('refuses every field at once, one problem a field, the first problem also as `field` and `message`', async () => {
    const jo = await t.createUser();
    const zh = await t.call('/api/wish/add', { mobile: '12345', title: 'a\u0000b' }, { token: jo.token });
    expect(zh.body).toMatchObject({ code: 0, msg: '心愿含有不可见的特殊字符；请输入正确的11位手机号' });
    expect(zh.body.data).toEqual({
      field: 'title',
      message: '含有不可见的特殊字符',
      problems: [
        { field: 'title', message: '含有不可见的特殊字符' },
        { field: 'mobile', message: '请输入正确的11位手机号' },
      ],
    });
    const en = await t.call('/api/wish/spend', { amount: 'lots', ref: [] }, { token: jo.token, lang: 'en' });
    expect(en.body.msg).toBe('Amount must be a number; Must be text');
  });

  it('refuses a body that is no object, and a bare null, with code 0', async () => {
    for (const body of ['[1]', '"x"', '3', 'null']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/api/index/getServerTime',
        headers: { ...t.signedHeaders(), 'content-type': 'application/json', Lang: 'en' },
        payload: body,
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ code: 0, msg: 'The request must be a JSON object', data: { field: '', problems: [{ field: '' }] } });
    }
  });

  it('writes nothing when the payload is refused', async () => {
    const ivy = await t.createUser();
    const before = await wishCount();
    await t.call('/api/wish/add', { mobile: '13800138000', title: '' }, { token: ivy.token });
    expect(await wishCount()).toBe(before);
  });

  it('reads GET payloads from the query string', async () => {
    const bad = await t.call('/api/wish/list', { page: 'two' }, { method: 'GET' });
    expect(bad.body).toMatchObject({ code: 0, data: { field: 'page' } });
  });
});

describe('owner', () => {
  it("refuses to act on another user's data with 403 and changes nothing", async () => {
    const jay = await t.createUser();
    const kim = await t.createUser();
    const before = await wishCount();
    const { status, body } = await t.call('/api/wish/add', { user_id: kim.id, mobile: '13800138000', title: 'x' }, { token: jay.token });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 0, msg: '只能操作自己的账户' });
    expect(await wishCount()).toBe(before);
  });

  it('lets a user name themselves', async () => {
    const lou = await t.createUser();
    const { body } = await t.call('/api/wish/add', { user_id: String(lou.id), mobile: '13800138000', title: 'mine' }, { token: lou.token });
    expect(body.code).toBe(1);
  });
});
