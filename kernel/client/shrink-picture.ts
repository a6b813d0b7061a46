/**
 * A picture shrunk in the browser before it is uploaded: a phone photo (4000 px, several MB) is
 * drawn upright (its EXIF orientation applied) on a canvas at most SHRINK_LIMITS.maxSide on its
 * longest side and sent as JPEG (a JPEG) or WebP (anything else: WebP keeps transparency). The
 * drawing carries no EXIF, so no GPS position leaves the device either.
 * A picture within the limits, a GIF (it may move), an SVG (it has no pixels), one the browser
 * cannot decode or encode, and a result no smaller than the original go as they are: shrinking
 * is a saving, never a condition of the upload (the server checks and processes what arrives).
 */

export interface ShrinkLimits {
  /** Longest side, in pixels, beyond which a picture is scaled down. */
  maxSide: number;
  /** Size beyond which a picture is encoded again even when its sides are within maxSide. */
  maxBytes: number;
  /** The encoder's quality, 0 to 1. */
  quality: number;
}

export const SHRINK_LIMITS: ShrinkLimits = { maxSide: 1600, maxBytes: 1024 * 1024, quality: 0.85 };

/** A decoded picture, upright. */
export interface Decoded {
  width: number;
  height: number;
  close(): void;
}

/** How pictures are decoded and drawn: the browser's canvas, or a fake in tests (jsdom has no canvas). */
export interface PictureCodec<D extends Decoded = Decoded> {
  /** Rejects when the browser cannot decode the file. */
  decode(file: Blob): Promise<D>;
  /** The picture drawn at width × height and encoded as `type`; null when the browser cannot. The type may differ: a browser that cannot write WebP writes PNG. */
  encode(picture: D, width: number, height: number, type: string, quality: number): Promise<Blob | null>;
}

/** The browser's decoder and canvas; null in a browser without createImageBitmap. */
export function browserCodec(): PictureCodec<ImageBitmap> | null {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return null;
  return {
    decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
    encode(bitmap, width, height, type, quality) {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return Promise.resolve(null);
      context.drawImage(bitmap, 0, 0, width, height);
      return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
    },
  };
}

/** What the upload accepts, with the extension the shrunk file takes. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** Left as they are: a GIF may be animated, an SVG is no bitmap. */
const AS_IS = new Set(['image/gif', 'image/svg+xml']);

const renamed = (name: string, type: string) => `${name.replace(/\.[^./\\]*$/, '') || 'picture'}.${EXTENSIONS[type]}`;

/** The file to upload: `file` shrunk when that makes it smaller, else `file` itself. Never rejects. */
export async function shrinkPicture(
  file: File,
  { codec = browserCodec(), limits = SHRINK_LIMITS }: { codec?: PictureCodec | null; limits?: ShrinkLimits } = {},
): Promise<File> {
  if (!codec || !file.type.startsWith('image/') || AS_IS.has(file.type)) return file;
  let picture: Decoded;
  try {
    picture = await codec.decode(file);
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, limits.maxSide / Math.max(picture.width, picture.height));
    if (scale === 1 && file.size <= limits.maxBytes) return file;
    const width = Math.max(1, Math.round(picture.width * scale));
    const height = Math.max(1, Math.round(picture.height * scale));
    const blob = await codec.encode(picture, width, height, file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp', limits.quality);
    if (!blob || !EXTENSIONS[blob.type] || blob.size >= file.size) return file;
    return new File([blob], renamed(file.name, blob.type), { type: blob.type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    picture.close();
  }
}
