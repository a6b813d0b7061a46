import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localUploadStore } from './local';
import { s3UploadStore } from './s3';
import { isSafeKey, typeOf, type UploadStore } from './store';
import { startTestS3, type TestS3 } from './test-s3';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startTestS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-uploads-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const stores: [string, () => UploadStore][] = [
  ['a folder', () => localUploadStore(folder)],
  ['an S3 bucket (s3rver)', () => s3UploadStore(s3.config)],
];

describe.each(stores)('the upload store in %s', (_name, open) => {
  it('keeps a file whole and gives it back: read, open (size, type) and has', async () => {
    const store = open();
    await store.check();
    const body = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await store.has('seed/logo.svg')).toBe(false);
    await store.put('seed/logo.svg', body, 'image/svg+xml');
    expect(await store.has('seed/logo.svg')).toBe(true);
    expect(await store.read('seed/logo.svg')).toEqual(body);
    const file = await store.open('seed/logo.svg');
    expect(file).toMatchObject({ size: body.length, type: 'image/svg+xml' });
    expect(await text(file!.body)).toBe(body.toString());
    // Replaced whole.
    await store.put('seed/logo.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    expect((await store.read('seed/logo.svg'))?.toString()).toBe('<svg/>');
    store.close?.();
  });

  it('answers null for a file that is not there, and keeps the variants\' folder apart', async () => {
    const store = open();
    expect(await store.read('20250101/none.jpg')).toBeNull();
    expect(await store.open('20250101/none.jpg')).toBeNull();
    await store.put('.variants/seed/logo.svg.64.webp', Buffer.from('x'), 'image/webp');
    expect(await store.has('.variants/seed/logo.svg.64.webp')).toBe(true);
    store.close?.();
  });

  it('refuses a key that climbs out or is not plain', async () => {
    const store = open();
    for (const key of ['../etc/passwd', 'a/../../b', '/abs.jpg', 'a//b.jpg', '.hidden/x.jpg', 'a/.variants/x', 'a\\b.jpg', '']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow('not a plain relative path');
    }
    store.close?.();
  });
});

describe('an S3 bucket', () => {
  it('keeps a shop under its prefix, so shops may share a bucket', async () => {
    const a = s3UploadStore({ ...s3.config, prefix: 'shop-a/' });
    const b = s3UploadStore({ ...s3.config, prefix: 'shop-b' });
    await a.put('seed/x.png', Buffer.from('a'), 'image/png');
    expect(await b.has('seed/x.png')).toBe(false);
    expect(a.where).toBe('s3://shop-uploads/shop-a/');
    expect(fs.existsSync(path.join(s3.directory, 'shop-uploads', 'shop-a', 'seed', 'x.png._S3rver_object'))).toBe(true);
    a.close?.();
    b.close?.();
  });

  it('says so when the bucket is not there', async () => {
    const missing = s3UploadStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow();
    missing.close?.();
  });
});

describe('keys and types', () => {
  it('takes plain relative paths only', () => {
    expect(isSafeKey('20250310/0a1b.jpg')).toBe(true);
    expect(isSafeKey('.variants/20250310/0a1b.jpg.128.webp')).toBe(true);
    expect(isSafeKey('a/b/../c')).toBe(false);
  });

  it('names the media type by the extension', () => {
    expect([typeOf('a.JPG'), typeOf('b.svg'), typeOf('c.webp'), typeOf('d.bin')]).toEqual(['image/jpeg', 'image/svg+xml', 'image/webp', 'application/octet-stream']);
  });
});
