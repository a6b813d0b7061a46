import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCodec, shrinkPicture, type Decoded, type PictureCodec } from './shrink-picture';

const MB = 1024 * 1024;

/** A file of `size` bytes; its content does not matter to the fake codec. */
const fileOf = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });

/**
 * A codec standing in for the canvas: decodes to the given sides (or fails), encodes to a blob of
 * `encoded` bytes of the type asked for (or `encodedType`, as a browser that cannot write WebP
 * writes PNG), and records what it was asked.
 */
function fakeCodec({ width = 4000, height = 3000, encoded = 300 * 1024, encodedType, decodeFails = false, encodeFails = false } = {} as {
  width?: number;
  height?: number;
  encoded?: number;
  encodedType?: string;
  decodeFails?: boolean;
  encodeFails?: boolean | 'null';
}) {
  const log = { decoded: 0, closed: 0, encodes: [] as { width: number; height: number; type: string; quality: number }[] };
  const codec: PictureCodec = {
    async decode(): Promise<Decoded> {
      if (decodeFails) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      log.decoded += 1;
      return { width, height, close: () => void (log.closed += 1) };
    },
    async encode(_picture, w, h, type, quality) {
      log.encodes.push({ width: w, height: h, type, quality });
      if (encodeFails === 'null') return null;
      if (encodeFails) throw new Error('canvas is tainted');
      return new Blob([new Uint8Array(encoded)], { type: encodedType ?? type });
    },
  };
  return { codec, log };
}

describe('shrinking a picture before it is uploaded', () => {
  it('draws a big photo at 1600 px on its longest side, as JPEG at 0.85, and sends that', async () => {
    const { codec, log } = fakeCodec({ width: 3000, height: 4000 });
    const photo = fileOf('IMG_0001.JPG', 'image/jpeg', 3 * MB);
    const sent = await shrinkPicture(photo, { codec });
    expect(log.encodes).toEqual([{ width: 1200, height: 1600, type: 'image/jpeg', quality: 0.85 }]);
    expect(sent).not.toBe(photo);
    expect({ name: sent.name, type: sent.type, size: sent.size, lastModified: sent.lastModified }).toEqual({
      name: 'IMG_0001.jpg',
      type: 'image/jpeg',
      size: 300 * 1024,
      lastModified: photo.lastModified,
    });
    expect(log.closed).toBe(1);
  });

  it('encodes a heavy picture of modest sides again at its own size, as WebP (which keeps transparency)', async () => {
    const { codec, log } = fakeCodec({ width: 1200, height: 900 });
    const sent = await shrinkPicture(fileOf('scan.png', 'image/png', 2 * MB), { codec });
    expect(log.encodes).toEqual([{ width: 1200, height: 900, type: 'image/webp', quality: 0.85 }]);
    expect({ name: sent.name, type: sent.type }).toEqual({ name: 'scan.webp', type: 'image/webp' });
  });

  it('takes the PNG a browser writes when it cannot write WebP, named to match', async () => {
    const { codec } = fakeCodec({ encodedType: 'image/png' });
    const sent = await shrinkPicture(fileOf('shot.webp', 'image/webp', 2 * MB), { codec });
    expect({ name: sent.name, type: sent.type }).toEqual({ name: 'shot.png', type: 'image/png' });
  });

  it('sends a picture within the limits as it is, without drawing it', async () => {
    const { codec, log } = fakeCodec({ width: 1600, height: 900 });
    const small = fileOf('me.jpg', 'image/jpeg', MB);
    expect(await shrinkPicture(small, { codec })).toBe(small);
    expect(log.encodes).toEqual([]);
    expect(log.closed).toBe(1);
  });

  it('sends a GIF (it may move), an SVG and what is no picture as they are, without decoding them', async () => {
    const { codec, log } = fakeCodec();
    for (const file of [fileOf('party.gif', 'image/gif', 5 * MB), fileOf('logo.svg', 'image/svg+xml', 2 * MB), fileOf('notes.txt', 'text/plain', 2 * MB)]) {
      expect(await shrinkPicture(file, { codec })).toBe(file);
    }
    expect(log.decoded).toBe(0);
  });

  it('sends the original when the browser cannot decode it, cannot draw it, or has no canvas at all', async () => {
    const photo = fileOf('IMG_0002.HEIC', 'image/heic', 3 * MB);
    expect(await shrinkPicture(photo, { codec: fakeCodec({ decodeFails: true }).codec })).toBe(photo);
    const failing = fakeCodec({ encodeFails: true });
    expect(await shrinkPicture(photo, { codec: failing.codec })).toBe(photo);
    expect(failing.log.closed).toBe(1);
    expect(await shrinkPicture(photo, { codec: fakeCodec({ encodeFails: 'null' }).codec })).toBe(photo);
    expect(await shrinkPicture(photo, { codec: null })).toBe(photo);
  });

  it('sends the original when the shrunk picture would be no smaller', async () => {
    const photo = fileOf('dense.jpg', 'image/jpeg', 2 * MB);
    expect(await shrinkPicture(photo, { codec: fakeCodec({ encoded: 2 * MB }).codec })).toBe(photo);
    expect(await shrinkPicture(photo, { codec: fakeCodec({ encoded: 2 * MB - 1 }).codec })).not.toBe(photo);
  });

  it('has no codec where the browser has no createImageBitmap (jsdom here): pages then send files as they are', () => {
    expect(typeof globalThis.createImageBitmap).toBe('undefined');
    expect(browserCodec()).toBeNull();
  });

  describe("the browser's codec", () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('decodes upright (EXIF orientation applied) and draws on a canvas of the asked size, encoding at the asked type and quality', async () => {
      const bitmap = { width: 4000, height: 3000, close: vi.fn() };
      const decode = vi.fn(async () => bitmap);
      vi.stubGlobal('createImageBitmap', decode);
      const drawImage = vi.fn();
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
      const canvases: string[] = [];
      const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done, type) {
        canvases.push(`${this.width}x${this.height}`);
        done(new Blob(['webp'], { type }));
      });
      const codec = browserCodec()!;
      const file = fileOf('a.jpg', 'image/jpeg', 10);
      const decoded = await codec.decode(file);
      expect(decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
      const blob = await codec.encode(decoded, 1600, 1200, 'image/webp', 0.85);
      expect(drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 1600, 1200);
      expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/webp', 0.85);
      expect(canvases).toEqual(['1600x1200']);
      expect(blob?.type).toBe('image/webp');
    });

    it('encodes nothing where the canvas has no 2D context', async () => {
      vi.stubGlobal('createImageBitmap', vi.fn());
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      expect(await browserCodec()!.encode({ width: 1, height: 1, close() {} } as unknown as ImageBitmap, 1, 1, 'image/jpeg', 0.85)).toBeNull();
    });
  });
});
