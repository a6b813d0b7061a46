/**
 * Where uploaded files live (DESIGN §5): a folder on this disk (the default), or an S3-compatible
 * bucket, so that several nodes need no shared disk (./s3.ts). Everything the shop keeps under
 * `/uploads/` goes through one of these: shoppers' uploads, pictures operators import, files the
 * server makes (a QR poster), the demo's pictures and the resized copies of pictures.
 *
 * A key is the path after `/uploads/` (`2026/11/28/<md5>.jpg`, `seed/banner-1.jpg`,
 * `.variants/seed/banner-1.jpg.128.webp`): plain names joined by `/`, nothing that climbs out.
 */
import type { Readable } from 'node:stream';

export interface StoredFile {
  body: Readable;
  size: number;
  /** Its media type, as stored (`image/jpeg`). */
  type: string;
  /** A validator for `If-None-Match`, when the store has one (S3's ETag). */
  etag?: string;
}

export interface UploadStore {
  readonly kind: 'local' | 's3';
  /** The folder holding the files when they are on this disk (then served by @fastify/static), else null. */
  readonly dir: string | null;
  /** Where it is, for logs and `doctor`: the folder, or `s3://bucket/prefix`. */
  readonly where: string;
  has(key: string): Promise<boolean>;
  /** The whole file, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file as a stream, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Stores `body` under `key`, whole or not at all (a reader never sees half a file); an existing file is replaced. */
  put(key: string, body: Buffer, type: string): Promise<void>;
  /** Throws when the store cannot be reached (the bucket is missing, the credentials are refused): `/readyz` asks it. */
  check(): Promise<void>;
  close?(): void;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Whether `key` is a plain relative path: segments of letters, digits, `.`, `_` and `-`, the first of them `.variants` at most starting with a dot. */
export function isSafeKey(key: string): boolean {
  const parts = key.split('/');
  return parts.every((part, i) => SEGMENT.test(part) || (i === 0 && part === VARIANTS_DIR)) && !parts.includes('..') && parts.length > 0;
}

/** Refuses a key that is not plain (a bug in the caller: shoppers never name keys). */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`upload store: "${key}" is not a plain relative path`);
}

/** The folder (key prefix) of the resized copies of pictures (kernel/server/images.ts): never served as it is. */
export const VARIANTS_DIR = '.variants';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heif',
  heif: 'image/heif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
};

/** The media type of a stored file by its extension (`application/octet-stream` when unknown). */
export const typeOf = (key: string): string => TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
