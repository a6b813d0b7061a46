import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { memberContract } from './contract';

let t: TestServer;
beforeAll(async () => {
  // 2026-03-02 in Shanghai: birthdays run from 1876-01-01 to 2176-12-31.
  t = await createTestServer({ plugins: ['member'], now: new Date('2026-03-02T02:00:00Z') });
});
afterAll(async () => {
  expect(await t.violations()).toEqual([]);
  await t.close();
});

const row = (user: TestUser) =>
  t.db.selectFrom('kernel_user').select(['nickname', 'gender', 'birthday', 'motto', 'avatar', 'username']).where('id', '=', user.id).executeTakeFirstOrThrow();

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function upload(user: TestUser, content: Buffer, filename: string, type: string) {
  const boundary = `----sf${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ajax/uploadApp',
    headers: { ...t.signedHeaders(), 'content-type': `multipart/form-data; boundary=${boundary}`, token: user.token },
    payload: body,
  });
  return response.json() as { code: number; msg: string; data: { url: string; fullurl: string } };
}

describe('GET /api/account/profile', () => {
  it('answers 401 without a token, or with a dead one', async () => {
    expect((await t.call(memberContract.profile)).status).toBe(401);
    expect((await t.call(memberContract.profile, {}, { token: 'not-a-token' })).status).toBe(401);
  });

  it("answers the shopper's own user info, without tokens", async () => {
    const ann = await t.createUser({ username: 'ann', nickname: 'Ann', mobile: '13700137000', money: 12_345, score: 67 });
    const { status, body } = await t.call(memberContract.profile, {}, { token: ann.token });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ id: ann.id, username: 'ann', nickname: 'Ann', money: '123.45', score: 67, token: '', refreshToken: '' });
  });

  it('answers "plugin disabled" when the site switches member off', async () => {
    const ann = await t.createUser();
    await t.setPlugins({ member: false });
    try {
      const { body } = await t.call(memberContract.profile, {}, { token: ann.token });
      expect(body).toMatchObject({ code: 0 });
      expect(body.msg).toContain('member');
    } finally {
      await t.setPlugins({ member: true });
    }
  });
});

describe('POST /api/account/profile', () => {
  const save = (user: TestUser, payload: Record<string, unknown>, lang?: string) =>
    t.call(memberContract.updateProfile, payload as never, { token: user.token, lang });

  it('saves nickname, gender, birthday and motto (trimmed) and answers the fresh user info', async () => {
    const ann = await t.createUser({ username: 'annie' });
    const { body } = await save(ann, { id: ann.id, nickname: '  小安 ', gender: 2, birthday: '1990-05-17', motto: ' 日日是好日 ' });
    expect(body).toMatchObject({ code: 1, data: { id: ann.id, username: 'annie', nickname: '小安', gender: 2, birthday: '1990-05-17', motto: '日日是好日', token: '' } });
    expect(await row(ann)).toMatchObject({ nickname: '小安', gender: 2, birthday: '1990-05-17', motto: '日日是好日' });
  });

  it('leaves out fields it is not sent, clears the birthday when sent empty, and never changes the username', async () => {
    const bob = await t.createUser({ username: 'bobby', nickname: 'Bob' });
    await save(bob, { gender: '1', birthday: '2000-02-29' });
    const { body } = await save(bob, { birthday: '', username: 'mallory' });
    expect(body.code).toBe(1);
    expect(await row(bob)).toMatchObject({ username: 'bobby', nickname: 'Bob', gender: 1, birthday: null, motto: '' });
    expect(body.data.birthday).toBe('');
  });

  it('takes birthdays from the current year − 150 to today, and refuses the day before, naming the field', async () => {
    const cat = await t.createUser();
    expect((await save(cat, { birthday: '1876-01-01' })).body.code).toBe(1);
    expect((await save(cat, { birthday: '2026-03-02' })).body.code).toBe(1);
    expect((await save(cat, { birthday: '1875-12-31' })).body).toMatchObject({ code: 0, msg: '生日须在 1876-01-01 至 2026-03-02 之间', data: { field: 'birthday' } });
    expect((await row(cat)).birthday).toBe('2026-03-02');
  });

  it("refuses a birthday after today by the server's clock (Shanghai's date), in the request language", async () => {
    const eva = await t.createUser();
    // 02:00 UTC is already 10:00 on 2026-03-02 in Shanghai; the 3rd is tomorrow there.
    const zh = await save(eva, { birthday: '2026-03-03' });
    expect(zh.body).toMatchObject({
      code: 0,
      msg: '生日不能晚于今天',
      data: { field: 'birthday', message: '生日不能晚于今天', problems: [{ field: 'birthday', message: '生日不能晚于今天' }] },
    });
    expect((await save(eva, { birthday: '2176-12-31' }, 'en')).body).toMatchObject({ code: 0, msg: 'The birthday cannot be in the future' });
    expect((await row(eva)).birthday).toBeNull();
  });

  it('refuses bad input with code 0 naming the field, and changes nothing', async () => {
    const dan = await t.createUser({ nickname: 'Dan' });
    const bad: [Record<string, unknown>, string][] = [
      [{ nickname: '   ' }, 'nickname'],
      [{ nickname: 'x'.repeat(33) }, 'nickname'],
      [{ gender: 3 }, 'gender'],
      [{ gender: 'male' }, 'gender'],
      [{ birthday: '1990-02-30' }, 'birthday'],
      [{ birthday: '17/05/1990' }, 'birthday'],
      [{ motto: '字'.repeat(101) }, 'motto'],
    ];
    for (const [payload, field] of bad) {
      const { status, body } = await save(dan, { nickname: 'Changed', ...payload });
      expect(status, JSON.stringify(payload)).toBe(200);
      expect(body.code, JSON.stringify(payload)).toBe(0);
      // Named by its label or not at all, never by the wire name; the wire name is in data for the form.
      expect(body.data, body.msg).toMatchObject({ field });
      expect(body.msg.startsWith(field), body.msg).toBe(false);
    }
    expect(await row(dan)).toMatchObject({ nickname: 'Dan', gender: 0, birthday: null, motto: '' });
  });

  it("refuses another user's id and changes neither profile", async () => {
    const [eve, fay] = [await t.createUser({ nickname: 'Eve' }), await t.createUser({ nickname: 'Fay' })];
    const { status } = await save(eve, { id: fay.id, nickname: 'Hacked' });
    expect(status).toBe(403);
    expect((await row(fay)).nickname).toBe('Fay');
    expect((await row(eve)).nickname).toBe('Eve');
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(memberContract.updateProfile, { nickname: 'x' })).status).toBe(401);
  });
});

describe('POST /api/account/changeAvatar', () => {
  const change = (user: TestUser, payload: { id?: number; avatar: string }) => t.call(memberContract.changeAvatar, payload, { token: user.token });

  it("takes a picture the shopper uploaded and answers the fresh user info", async () => {
    const gus = await t.createUser();
    const uploaded = await upload(gus, PNG, 'me.png', 'image/png');
    expect(uploaded.code).toBe(1);
    const { body } = await change(gus, { id: gus.id, avatar: uploaded.data.url });
    expect(body).toMatchObject({ code: 1, data: { id: gus.id, avatar: uploaded.data.url } });
    expect((await row(gus)).avatar).toBe(uploaded.data.url);
  });

  it('refuses an outside URL, a path our upload never produced, and another shopper\'s upload', async () => {
    const [hal, ida] = [await t.createUser(), await t.createUser()];
    const idaUpload = await upload(ida, PNG, 'ida.png', 'image/png');
    expect(idaUpload.code).toBe(1);
    for (const avatar of ['https://evil.example/x.png', '//evil.example/x.png', 'javascript:alert(1)', '/uploads/../config/sites/default.json']) {
      const { body } = await change(hal, { avatar });
      expect(body, avatar).toMatchObject({ code: 0, data: { field: 'avatar' } });
      expect(body.msg, avatar).not.toMatch(/^avatar/);
    }
    expect((await change(hal, { avatar: '/uploads/20260302/0123456789abcdef0123456789abcdef.png' })).body).toMatchObject({ code: 0, msg: '请先上传头像图片' });
    // Ida's picture was uploaded by her: Hal cannot take it (nor learn about it).
    expect((await change(hal, { avatar: idaUpload.data.url })).body).toMatchObject({ code: 0, msg: '请先上传头像图片' });
    expect((await row(hal)).avatar).toBe('');
  });

  it("refuses another user's id and changes nothing", async () => {
    const [jon, kim] = [await t.createUser(), await t.createUser()];
    const uploaded = await upload(jon, PNG, 'jon.png', 'image/png');
    expect((await change(jon, { id: kim.id, avatar: uploaded.data.url })).status).toBe(403);
    expect((await row(kim)).avatar).toBe('');
    expect((await row(jon)).avatar).toBe('');
  });

  it('never gets an HTML page named .png or an over-size file from the upload, so neither can become an avatar', async () => {
    const lee = await t.createUser();
    const html = await upload(lee, Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'avatar.png', 'image/png');
    expect(html).toMatchObject({ code: 0, msg: '不允许上传此类文件（允许：jpg,jpeg,png,gif,webp）' });
    await t.editSite((file) => {
      file.site.upload = { mode: 'local', maxsize: '1kb', mimetype: 'jpg,jpeg,png,gif,webp', savename: '/uploads/{year}{mon}{day}/{filemd5}{.suffix}' };
    });
    try {
      const big = await upload(lee, Buffer.concat([PNG, Buffer.alloc(4096)]), 'big.png', 'image/png');
      expect(big).toMatchObject({ code: 0, msg: '文件过大（最大 1kb）' });
    } finally {
      await t.editSite((file) => {
        file.site.upload = { ...file.site.upload, maxsize: '10mb' };
      });
    }
    expect(await t.db.selectFrom('kernel_upload').select('id').where('user_id', '=', lee.id).execute()).toEqual([]);
  });
});
