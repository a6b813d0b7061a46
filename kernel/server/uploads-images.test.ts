import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VARIANTS_DIR } from './images';
import { multipart } from './test-multipart';
import { createTestServer, type TestServer, type TestUser } from './testing';
import { UPLOAD_HEADERS } from './uploads';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * A phone photo: 400×200 as stored, red on the left and blue on the right, with EXIF saying
 * "turn me 90° clockwise" (orientation 6), the maker, and a GPS position.
 */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } }, left: 200, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Artist: 'ann-at-home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 0/1' },
    })
    .toBuffer();
}

/** The colour of one pixel, as [r, g, b]. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - expected[i]) < 16);

let t: TestServer;
let ann: TestUser;
let photoUrl: string;
beforeAll(async () => {
  t = await createTestServer({ plugins: [], now: Date.UTC(2025, 2, 9, 20, 0) });
  ann = await t.createUser();
  const uploaded = await upload(await phonePhoto(), 'IMG_0001.jpg', 'image/jpeg');
  expect(uploaded.body.code).toBe(1);
  photoUrl = uploaded.body.data.url;
});
afterAll(() => t.close());

async function upload(content: Buffer, filename: string, type: string) {
  const { body, contentType } = multipart(content, filename, type);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ajax/uploadApp',
    headers: { ...t.signedHeaders(), 'content-type': contentType, token: ann.token },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

const get = (url: string, accept = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8') => t.app.inject({ method: 'GET', url, headers: { accept } });
const stored = (url: string) => path.join(t.app.storefront.uploadsDir, ...url.split('/').slice(2));
const variantsOf = (url: string) => {
  const dir = path.dirname(path.join(t.app.storefront.uploadsDir, VARIANTS_DIR, ...url.split('/').slice(2)));
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith(path.basename(url))) : [];
};

describe('uploaded pictures', () => {
  it('are stored upright with no EXIF (no GPS), named by the digest of what is stored', async () => {
    const original = await phonePhoto();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 400, height: 200, orientation: 6 });
    expect(before.exif?.includes('ann-at-home')).toBe(true);

    const file = fs.readFileSync(stored(photoUrl));
    expect(photoUrl).toBe(`/uploads/20250310/${crypto.createHash('md5').update(file).digest('hex')}.jpg`);
    const after = await sharp(file).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(file.includes('PhoneMaker')).toBe(false);
    // Turned as the phone meant: the left (red) half is now on top, the right (blue) half below.
    expect(near(await pixel(file, 100, 50), [255, 0, 0])).toBe(true);
    expect(near(await pixel(file, 100, 350), [0, 0, 255])).toBe(true);

    const row = await t.db.selectFrom('kernel_upload').selectAll().where('url', '=', photoUrl).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'image/jpeg', size: file.length, sha1: crypto.createHash('sha1').update(file).digest('hex') });
  });

  it('keep GIFs as they are, and refuse a file that claims a picture type but cannot be read', async () => {
    const gif = await upload(GIF, 'a.gif', 'image/gif');
    expect(gif.body.code).toBe(1);
    expect(fs.readFileSync(stored(gif.body.data.url))).toEqual(GIF);

    const jpegHead = (await phonePhoto()).subarray(0, 600);
    const broken = await upload(jpegHead, 'broken.jpg', 'image/jpeg');
    expect(broken.body).toMatchObject({ code: 0, msg: '无法读取此图片，请换一张再试' });
  });
});

describe('picture widths', () => {
  it('answers ?w=128 with a 128 px wide WebP when the browser takes WebP, varying on Accept, cached long, sandboxed', async () => {
    const served = await get(`${photoUrl}?w=128`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers.vary).toBe('Accept');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe(UPLOAD_HEADERS['Content-Security-Policy']);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 128, height: 256 });
    expect(Number(served.headers['content-length'])).toBe(served.rawPayload.length);
  });

  it('answers in the original type to a browser that does not take WebP', async () => {
    const served = await get(`${photoUrl}?w=64`, 'image/png,image/*;q=0.8');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers.vary).toBe('Accept');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 128 });
  });

  it('keeps a PNG (a QR code, a logo) sharp: its WebP is lossless', async () => {
    // A checkerboard of 3 px red and blue squares: the hard edges a lossy encoder blurs.
    const pixels = Buffer.alloc(64 * 64 * 3);
    for (let i = 0; i < 64 * 64; i++) pixels.set((Math.floor(i / 64 / 3) + Math.floor((i % 64) / 3)) % 2 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const png = await sharp(pixels, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
    const { body } = await upload(png, 'qr.png', 'image/png');
    const served = await get(`${body.data.url}?w=750`);
    expect(served.headers['content-type']).toBe('image/webp');
    const decoded = await sharp(served.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info).toMatchObject({ width: 64, height: 64 });
    expect(decoded.data.equals(pixels)).toBe(true);
  });

  it('serves the original for a width not in the list, and for GIFs, and makes no copy of them', async () => {
    const original = fs.readFileSync(stored(photoUrl));
    for (const query of ['w=100', 'w=0128', 'w=99999', 'w=abc']) {
      const served = await get(`${photoUrl}?${query}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload).toEqual(original);
    }
    expect(variantsOf(photoUrl).some((name) => /\.(100|99999)\./.test(name))).toBe(false);

    const gif = await upload(GIF, 'b.gif', 'image/gif');
    const served = await get(`${gif.body.data.url}?w=64`);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.rawPayload).toEqual(GIF);
    expect(variantsOf(gif.body.data.url)).toEqual([]);
  });

  it('makes a width once: a later request reads the file made by the first', async () => {
    const first = await get(`${photoUrl}?w=256`);
    const [name] = variantsOf(photoUrl).filter((n) => n.endsWith('.256.webp'));
    const file = path.join(path.dirname(path.join(t.app.storefront.uploadsDir, VARIANTS_DIR, ...photoUrl.split('/').slice(2))), name);
    // Stamp the copy; were it made again (a new file renamed over it) the stamp would be gone.
    const stamp = new Date(Date.UTC(2020, 0, 1));
    fs.utimesSync(file, stamp, stamp);
    const inode = fs.statSync(file).ino;
    const second = await get(`${photoUrl}?w=256`);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(fs.statSync(file).mtimeMs).toBe(stamp.getTime());
    expect(fs.statSync(file).ino).toBe(inode);
  });

  it('makes one file when ten browsers ask for a new width at once, and all get the picture', async () => {
    const photo = await upload(
      await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#00aa00' } })
        .png()
        .toBuffer(),
      'wide.png',
      'image/png',
    );
    const url = photo.body.data.url;
    // Each copy made ends in one rename of its temporary file over the copy's name.
    const rename = vi.spyOn(fs.promises, 'rename');
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`${url}?w=375`)));
    expect(rename.mock.calls.filter(([, to]) => String(to).endsWith(`${path.basename(url)}.375.webp`))).toHaveLength(1);
    rename.mockRestore();
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 375, height: 188 });
      expect(answer.rawPayload).toEqual(answers[0].rawPayload);
    }
    expect(variantsOf(url)).toEqual([`${path.basename(url)}.375.webp`]);
  });

  it('never serves the copies folder or a path outside the uploads by itself', async () => {
    const [name] = variantsOf(photoUrl);
    const folder = photoUrl.split('/')[2];
    expect((await get(`/uploads/${VARIANTS_DIR}/${folder}/${name}`)).statusCode).toBe(404);
    expect((await get(`/uploads/${VARIANTS_DIR}/${folder}/${name.replace(/\.\d+\.\w+$/, '')}?w=64`)).statusCode).toBe(404);
    expect((await get(`/uploads/%2e%2e/%2e%2e/package.json?w=64`)).statusCode).toBe(404);
    expect((await get(`/uploads/${folder}/missing.jpg?w=64`)).statusCode).toBe(404);
  });
});
