import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './test-multipart';
import { createTestServer, type TestServer, type TestUser } from './testing';
import { startTestS3, type TestS3 } from './upload-store/test-s3';
import { UPLOAD_HEADERS } from './uploads';

/** Two shops' nodes with nothing on a shared disk: each its own data folder, one bucket. */
let s3: TestS3;
let a: TestServer;
let b: TestServer;
let ann: TestUser;
beforeAll(async () => {
  s3 = await startTestS3();
  [a, b] = await Promise.all([createTestServer({ plugins: [], uploadStore: s3.config }), createTestServer({ plugins: [], uploadStore: s3.config })]);
  ann = await a.createUser();
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await s3?.close();
});

const photo = () =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: '#2266cc' } })
    .withExif({ IFD0: { Artist: 'ann-at-home' } })
    .jpeg()
    .toBuffer();

async function upload(node: TestServer, content: Buffer, filename: string, type: string) {
  const { body, contentType } = multipart(content, filename, type);
  const response = await node.app.inject({ method: 'POST', url: '/api/ajax/uploadApp', headers: { ...node.signedHeaders(), 'content-type': contentType, token: ann.token }, payload: body });
  return response.json() as { code: number; msg: string; data: { url: string; fullurl: string } };
}

const get = (node: TestServer, url: string, headers: Record<string, string> = {}) => node.app.inject({ method: 'GET', url, headers: { accept: 'image/webp,image/*', ...headers } });
/** Every object in the bucket (s3rver keeps each as `<key>._S3rver_object`). */
const objects = (): string[] =>
  (fs.readdirSync(path.join(s3.directory, s3.config.bucket), { recursive: true }) as string[])
    .filter((name) => name.endsWith('._S3rver_object'))
    .map((name) => name.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
    .sort();

describe('uploads in an S3 bucket', () => {
  it('keeps an upload in the bucket, not on the node, cleaned; another node serves it', async () => {
    const uploaded = await upload(a, await photo(), 'IMG_0001.jpg', 'image/jpeg');
    expect(uploaded.code).toBe(1);
    const { url } = uploaded.data;
    const key = url.slice('/uploads/'.length);
    expect(objects()).toContain(key);
    expect(fs.existsSync(path.join(a.app.storefront.uploadsDir, key))).toBe(false);

    const served = await get(b, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe(UPLOAD_HEADERS['Content-Security-Policy']);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes('ann-at-home')).toBe(false);
    // The browser's copy is current: nothing is sent again.
    const again = await get(b, url, { 'if-none-match': String(served.headers.etag) });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
  });

  it('makes a width once, in the bucket, for every node', async () => {
    const { url } = (await upload(a, await photo(), 'IMG_0002.jpg', 'image/jpeg')).data;
    const key = url.slice('/uploads/'.length);
    const variant = `.variants/${key}.128.webp`;
    expect(objects()).not.toContain(variant);
    const fromB = await get(b, `${url}?w=128`);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers.vary).toBe('Accept');
    expect(await sharp(fromB.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 128, height: 64 });
    expect(objects()).toContain(variant);
    const stamp = fs.statSync(path.join(s3.directory, s3.config.bucket, `${variant}._S3rver_object`)).mtimeMs;
    // Node A finds B's copy: it reads it rather than making it again.
    const fromA = await get(a, `${url}?w=128`);
    expect(fromA.rawPayload).toEqual(fromB.rawPayload);
    expect(fs.statSync(path.join(s3.directory, s3.config.bucket, `${variant}._S3rver_object`)).mtimeMs).toBe(stamp);
  });

  it('keeps the files the server makes there too (a QR poster, the demo pictures)', async () => {
    const url = await a.services.uploads.keep('team', 'poster-7.png', () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer());
    expect(url).toBe('/uploads/team/poster-7.png');
    expect(objects()).toContain('team/poster-7.png');
    const served = await get(b, url);
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('answers 404 for what is not there, the copies folder and paths that climb out', async () => {
    const [variant] = objects().filter((key) => key.startsWith('.variants/'));
    for (const url of ['/uploads/20250101/none.jpg', `/uploads/${variant}`, '/uploads/%2e%2e/%2e%2e/package.json', '/uploads/..%2f..%2fpackage.json?w=64']) {
      expect((await get(b, url)).statusCode, url).toBe(404);
    }
  });

  it('refuses to start on a bucket that is not there, naming it', async () => {
    await expect(createTestServer({ plugins: [], uploadStore: { ...s3.config, bucket: 'no-such-bucket' } })).rejects.toThrow('the upload store s3://no-such-bucket/ cannot be used');
  });
});
