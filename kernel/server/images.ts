/**
 * Uploaded pictures, with sharp: cleaned once when they arrive (turned upright, every piece of
 * metadata dropped: phone photos carry their GPS position in EXIF), and served in the widths the
 * pages show (`/uploads/…/x.jpg?w=128`), as WebP to browsers that take it. A width is made once,
 * kept in the upload store beside the originals (under `.variants/`) and read from there afterwards.
 *
 * GIFs are kept as they are (often animated, and they carry no EXIF) and never resized; other
 * types the site may accept that are not pictures sharp reads (e.g. a PDF under `*`) are stored
 * untouched. A file that says it is a JPEG/PNG/WebP/AVIF/TIFF/HEIF but sharp cannot decode is
 * refused by the caller.
 */
import sharp, { type Sharp } from 'sharp';
import { IMAGE_WIDTHS } from '../core/image-widths';
import { VARIANTS_DIR, type StoredFile, type UploadStore } from './upload-store/store';

export { VARIANTS_DIR };

/** What sharp re-encodes, by file-type's extension, and how. */
const FORMATS = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  tif: 'tiff',
  heic: 'heif',
} as const;
type Ext = keyof typeof FORMATS;
type Format = (typeof FORMATS)[Ext];

const isProcessed = (ext: string): ext is Ext => Object.hasOwn(FORMATS, ext);

/** `from` is the original's format: a PNG (drawings, logos, QR codes) stays sharp-edged as a lossless WebP. */
function encode(image: Sharp, format: Format, from: Format = format): Sharp {
  if (format === 'jpeg') return image.jpeg({ quality: 88, mozjpeg: true });
  if (format === 'webp') return image.webp(from === 'png' ? { lossless: true } : { quality: 82 });
  if (format === 'avif') return image.avif();
  return image.toFormat(format);
}

/**
 * The picture to store for an upload of type `ext`: upright and without metadata (sharp writes
 * none unless asked). `null` when it is a picture type sharp cannot decode (a broken or disguised
 * file); the content unchanged for GIFs and for types that are not processed.
 */
export async function cleanPicture(content: Buffer, ext: string): Promise<Buffer | null> {
  if (!isProcessed(ext)) return content;
  try {
    return await encode(sharp(content, { failOn: 'error' }).autoOrient(), FORMATS[ext]).toBuffer();
  } catch {
    return null;
  }
}

/** The width asked for in a query string, when it is one of IMAGE_WIDTHS. */
export function askedWidth(query: string): number | null {
  const value = new URLSearchParams(query).get('w');
  const width = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) && String(width) === value ? width : null;
}

export interface Variant {
  /** Its key in the upload store. */
  key: string;
  mime: string;
}

const inFlight = new Map<string, Promise<boolean>>();

/**
 * The copy of the picture stored under `key`, `width` px wide (never wider than it is), as WebP
 * when `webp` or in its own format, opened from the store (one read of a bucket when it is there).
 * Made on the first request and stored, once per process however many ask at the same time (nodes
 * sharing a store may each make it once; each write is whole); `null` when the original is not a
 * picture that is resized (a GIF, not a picture) or does not exist.
 */
export async function openPictureVariant(store: UploadStore, key: string, width: number, webp: boolean): Promise<StoredFile | null> {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const own = ext === 'jpeg' ? 'jpeg' : isProcessed(ext) ? FORMATS[ext] : null;
  if (!own) return null;
  const format = webp ? 'webp' : own;
  const variant = { key: `${VARIANTS_DIR}/${key}.${width}.${format}`, mime: `image/${format}` };
  const typed = (file: StoredFile | null) => file && { ...file, type: variant.mime };
  const stored = await store.open(variant.key);
  if (stored) return typed(stored);
  let making = inFlight.get(variant.key);
  if (!making) {
    making = makeVariant(store, key, variant, width, own).finally(() => inFlight.delete(variant.key));
    inFlight.set(variant.key, making);
  }
  return (await making) ? typed(await store.open(variant.key)) : null;
}

/** False when there is no original. */
async function makeVariant(store: UploadStore, key: string, variant: Variant, width: number, own: Format): Promise<boolean> {
  const original = await store.read(key);
  if (!original) return false;
  const image = sharp(original).autoOrient().resize({ width, withoutEnlargement: true });
  await store.put(variant.key, await encode(image, variant.mime.slice('image/'.length) as Format, own).toBuffer(), variant.mime);
  return true;
}
