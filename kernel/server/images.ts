/**
 * Uploaded pictures, with sharp: cleaned once when they arrive (turned upright, every piece of
 * metadata dropped: phone photos carry their GPS position in EXIF), and served in the widths the
 * pages show (`/uploads/…/x.jpg?w=128`), as WebP to browsers that take it. A width is made once,
 * kept beside the originals under `<uploads>/.variants/` and read from disk afterwards.
 *
 * GIFs are kept as they are (often animated, and they carry no EXIF) and never resized; other
 * types the site may accept that are not pictures sharp reads (e.g. a PDF under `*`) are stored
 * untouched. A file that says it is a JPEG/PNG/WebP/AVIF/TIFF/HEIF but sharp cannot decode is
 * refused by the caller.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_WIDTHS } from '../core/image-widths';

/** The folder under the uploads folder holding the resized copies (a dot folder: never served as is). */
export const VARIANTS_DIR = '.variants';

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
  file: string;
  mime: string;
}

const inFlight = new Map<string, Promise<void>>();

/**
 * The copy of `original` (a path under `uploadsDir`) `width` px wide (never wider than it is), as
 * WebP when `webp` or in its own format. Made on the first request, atomically (a temporary file
 * renamed), once per process however many ask at the same time; `null` when the original is not a
 * picture that is resized (a GIF, not a picture) or does not exist.
 */
export async function pictureVariant(uploadsDir: string, original: string, width: number, webp: boolean): Promise<Variant | null> {
  const ext = path.extname(original).slice(1).toLowerCase();
  const own = ext === 'jpeg' ? 'jpeg' : isProcessed(ext) ? FORMATS[ext] : null;
  if (!own) return null;
  const format = webp ? 'webp' : own;
  const relative = path.relative(uploadsDir, original);
  const file = path.join(uploadsDir, VARIANTS_DIR, `${relative}.${width}.${format}`);
  const mime = `image/${format}`;
  if (fs.existsSync(file)) return { file, mime };
  if (!fs.existsSync(original)) return null;
  let making = inFlight.get(file);
  if (!making) {
    making = makeVariant(original, file, width, format, own).finally(() => inFlight.delete(file));
    inFlight.set(file, making);
  }
  await making;
  return { file, mime };
}

async function makeVariant(original: string, file: string, width: number, format: Format, own: Format): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Unique per maker: several nodes sharing the folder may make the same copy; the last rename wins, each whole.
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    const image = sharp(original).autoOrient().resize({ width, withoutEnlargement: true });
    await encode(image, format, own).toFile(temp);
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}
