import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { teamContract } from './contract';
import { QR_OPTIONS } from './qr';

let t: TestServer;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['team'] });
  ann = await t.createUser();
});
afterAll(() => t.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const REGISTER = '/pages/register/register?invite=AB12CD';

const qrCode = (appPath: string, options: { headers?: Record<string, string>; lang?: string } = {}) =>
  t.call(teamContract.qrCode, { path: appPath }, { token: ann.token, ...options });
/** The stored file behind an answered `/uploads/…` URL. */
const fileOf = (url: string) => path.join(t.dataDir, 'uploads', ...url.split('/').filter(Boolean).slice(1));
const qrFiles = () => (fs.existsSync(path.join(t.dataDir, 'uploads', 'qr')) ? fs.readdirSync(path.join(t.dataDir, 'uploads', 'qr')) : []);

describe('the QR code of an app path', () => {
  it('makes the PNG of `<origin>/#<path>` once, keeps it among the uploads and serves it', async () => {
    const { status, body } = await qrCode(REGISTER, { headers: { Origin: 'https://shop.example' } });
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    const url = body.data.url;
    expect(url).toMatch(/^\/uploads\/qr\/[0-9a-f]{40}\.png$/);
    const png = fs.readFileSync(fileOf(url));
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.equals(await QRCode.toBuffer(`https://shop.example/#${REGISTER}`, QR_OPTIONS))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('answers the same URL a second time without making the image again', async () => {
    const first = (await qrCode('/pages/index/index', { headers: { Origin: 'https://shop.example' } })).body.data.url;
    // Marked: were it made again, the mark would be gone.
    fs.writeFileSync(fileOf(first), 'kept');
    const second = await qrCode('/pages/index/index', { headers: { Origin: 'https://shop.example' } });
    expect(second.body).toMatchObject({ code: 1, data: { url: first } });
    expect(fs.readFileSync(fileOf(first), 'utf8')).toBe('kept');
  });

  it('encodes the link of the page that asks: another origin is another image; without a usable Origin, the Host', async () => {
    const here = (await qrCode(REGISTER, { headers: { Origin: 'https://shop.example' } })).body.data.url;
    const there = (await qrCode(REGISTER, { headers: { Origin: 'http://m.shop.example:8080' } })).body.data.url;
    expect(there).not.toBe(here);
    expect(fs.readFileSync(fileOf(there)).equals(await QRCode.toBuffer(`http://m.shop.example:8080/#${REGISTER}`, QR_OPTIONS))).toBe(true);

    for (const origin of [undefined, 'null', 'file://', 'https://shop.example/path']) {
      const headers: Record<string, string> = { Host: 'api.shop.test:3000', ...(origin ? { Origin: origin } : {}) };
      const url = (await qrCode('/goods/detail/detail?id=3', { headers })).body.data.url;
      expect(fs.readFileSync(fileOf(url)).equals(await QRCode.toBuffer('http://api.shop.test:3000/#/goods/detail/detail?id=3', QR_OPTIONS))).toBe(true);
    }
  });

  it('refuses a path that is not one of the app’s, naming the field, in the shopper’s language, and makes nothing', async () => {
    const before = qrFiles();
    for (const bad of ['pages/index/index', '//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', '/\\evil.example']) {
      const zh = await qrCode(bad);
      expect(zh.status).toBe(200);
      expect(zh.body).toMatchObject({ code: 0, msg: '链接路径不是本店的页面：须以一个“/”开头，且不能指向其他网站', data: { field: 'path' } });
      const en = await qrCode(bad, { lang: 'en' });
      expect(en.body).toMatchObject({
        code: 0,
        msg: 'The link path is not a page of this shop: it must start with a single "/" and name no other site',
        data: { field: 'path', problems: [{ field: 'path' }] },
      });
    }
    // A control character is refused before the call runs.
    expect((await qrCode('/pages/index/index\u0007')).body.code).toBe(0);
    expect(qrFiles()).toEqual(before);
  });

  it('answers only a logged-in shopper', async () => {
    const { status } = await t.call(teamContract.qrCode, { path: '/pages/index/index' });
    expect(status).toBe(401);
  });
});
