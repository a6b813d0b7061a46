/** Digests used by the services: tokens and codes are stored as sha256, never in the clear. */
import crypto from 'node:crypto';

export const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');
export const md5 = (data: string | Buffer): string => crypto.createHash('md5').update(data).digest('hex');
export const sha1 = (data: string | Buffer): string => crypto.createHash('sha1').update(data).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
