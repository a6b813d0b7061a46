/** The site's upload rules (spec §3 `upload`): size, accepted types and where a file is saved. Pure. */
import type { SiteConfig } from '../core/site';

/** "10mb" → 10485760; "512kb" → 524288. */
export function parseSize(text: string): number {
  const match = /^(\d+)(kb|mb)$/i.exec(text.trim());
  if (!match) throw new RangeError(`not a size: "${text}" (use e.g. "10mb" or "512kb")`);
  return Number(match[1]) * (match[2].toLowerCase() === 'mb' ? 1024 * 1024 : 1024);
}

/** `mimetype` lists extensions (`png`), mime types (`image/png`), families (`image/*`) or `*`. */
export function isAccepted(list: string, detected: { ext: string; mime: string }): boolean {
  const entries = list
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const family = `${detected.mime.split('/')[0]}/*`;
  // file-type names JPEG files "jpg"; sites often list "jpeg".
  const exts = detected.ext === 'jpg' ? ['jpg', 'jpeg'] : [detected.ext];
  return entries.some((e) => e === '*' || e === detected.mime || e === family || exts.includes(e.replace(/^\./, '')));
}

export const DEFAULT_SAVENAME = '/uploads/{year}{mon}{day}/{filemd5}{.suffix}';

export interface SaveNameInput {
  /** `YYYY-MM-DD`, the business date. */
  date: string;
  md5: string;
  sha1: string;
  ext: string;
}

/** Fills `savename`; falls back to the default when the template would leave `/uploads/` or names unknown fields. */
export function saveName(upload: SiteConfig['upload'], input: SaveNameInput): string {
  const [year, mon, day] = input.date.split('-');
  const values: Record<string, string> = {
    year,
    mon,
    day,
    filemd5: input.md5,
    filesha1: input.sha1,
    '.suffix': `.${input.ext}`,
    suffix: input.ext,
  };
  const fill = (template: string) => template.replace(/\{(\.?\w+)\}/g, (all, name: string) => values[name] ?? all);
  const url = fill(upload.savename);
  const safe = url.startsWith('/uploads/') && !url.includes('..') && !/[{}\\]/.test(url) && !url.endsWith('/');
  return safe ? url : fill(DEFAULT_SAVENAME);
}
