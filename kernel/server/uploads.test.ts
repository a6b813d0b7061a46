import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, PNG } from './test-multipart';
import { createTestServer, type TestServer, type TestUser } from './testing';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let t: TestServer;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestServer({ plugins: [], now: Date.UTC(2025, 2, 9, 20, 0) });
  ann = await t.createUser();
});
afterAll(() => t.close());

async function upload(content: Buffer, filename: string, type: string, token: string | null = ann.token) {
  const { body, contentType } = multipart(content, filename, type);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ajax/uploadApp',
    headers: { ...t.signedHeaders(), 'content-type': contentType, ...(token ? { token } : {}) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

describe('uploads', () => {
  it('needs a login', async () => {
    const { status, body } = await upload(PNG, 'a.png', 'image/png', null);
    expect(status).toBe(401);
    expect(body.code).toBe(0);
  });

  it('stores a real PNG under its digest and the business date, and serves it with long caching', async () => {
    const { status, body } = await upload(PNG, 'photo.jpg', 'image/jpeg');
    // What is stored is the cleaned picture (./uploads-images.test.ts): the name is its digest.
    const folder = path.join(t.dataDir, 'uploads', '20250310');
    const [name] = fs.readdirSync(folder);
    const content = fs.readFileSync(path.join(folder, name));
    const md5 = crypto.createHash('md5').update(content).digest('hex');
    expect(status).toBe(200);
    // 20:00 UTC on the 9th is the 10th in Shanghai; the type comes from the content, not the name.
    expect(body).toMatchObject({ code: 1, data: { url: `/uploads/20250310/${md5}.png`, fullurl: `http://localhost:80/uploads/20250310/${md5}.png` } });
    expect(await sharp(content).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    const row = await t.db.selectFrom('kernel_upload').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: ann.id, mime: 'image/png', size: content.length, url: `/uploads/20250310/${md5}.png` });

    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload).toEqual(content);
  });

  it('serves uploads as data: never sniffed into another type, never run as a page', async () => {
    const { body } = await upload(PNG, 'photo.png', 'image/png');
    for (const url of [body.data.url, '/uploads/20250310/missing.html']) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    }
    // Only uploads: the API keeps its own headers (the site's policy, ./security-headers.ts), not the sandbox.
    const api = await t.call('/api/index/getServerTime', {});
    expect(api.status).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/index/getServerTime', headers: t.signedHeaders() })).headers['content-security-policy']).not.toMatch(/sandbox/);
  });

  it('refuses content that is not an accepted type, whatever its name says', async () => {
    const text = await upload(Buffer.from('just text, not a picture'), 'fake.png', 'image/png');
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ code: 0, msg: '不允许上传此类文件（允许：jpg,jpeg,png,gif,webp）' });

    await t.editSite((file) => {
      file.site.upload = { mode: 'local', maxsize: '10mb', mimetype: 'png', savename: '/uploads/{year}{mon}{day}/{filemd5}{.suffix}' };
    });
    const gif = await upload(GIF, 'a.gif', 'image/gif');
    expect(gif.body).toMatchObject({ code: 0, msg: '不允许上传此类文件（允许：png）' });
  });

  it('refuses a file over the size the site allows', async () => {
    await t.editSite((file) => {
      file.site.upload = { mode: 'local', maxsize: '1kb', mimetype: 'png', savename: '/uploads/{year}{mon}{day}/{filemd5}{.suffix}' };
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const { status, body } = await upload(big, 'big.png', 'image/png');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: '文件过大（最大 1kb）' });
    expect((await upload(PNG, 'small.png', 'image/png')).body.code).toBe(1);
  });

  it('asks for a file when the request carries none', async () => {
    const response = await t.call('/api/ajax/uploadApp', {}, { token: ann.token });
    expect(response.body).toMatchObject({ code: 0, msg: '请选择要上传的文件' });
  });
});
