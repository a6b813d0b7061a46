/**
 * The request signature of spec §7: `App-Key`, `Timestamp` (unix seconds) and
 * `Authorization = md5(key + secret + timestamp)`. The secret ships in the browser, so this
 * only keeps casual scripts and replays of stale requests out; the token is the boundary.
 */
import crypto from 'node:crypto';
import { md5 } from '../services/hash';

export const TIMESTAMP_WINDOW_SECONDS = 300;

export interface AppCredentials {
  key: string;
  secret: string;
}

export type SignatureProblem = 'kernel:message.signature_invalid' | 'kernel:message.timestamp_invalid';

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/** Null when the request is signed by this site's app and made within the window around `nowMs`. */
export function checkSignature(headers: Headers, app: AppCredentials, nowMs: number): SignatureProblem | null {
  const key = header(headers, 'App-Key');
  if (!equal(key, app.key)) return 'kernel:message.signature_invalid';
  const timestamp = header(headers, 'Timestamp');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Number(timestamp) - Math.floor(nowMs / 1000)) > TIMESTAMP_WINDOW_SECONDS) {
    return 'kernel:message.timestamp_invalid';
  }
  const expected = md5(app.key + app.secret + timestamp);
  return equal(header(headers, 'Authorization').toLowerCase(), expected) ? null : 'kernel:message.signature_invalid';
}

/** The headers a correctly signed request carries (tests, the CLI and benchmarks sign with it). */
export function signHeaders(app: AppCredentials, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { 'App-Key': app.key, Timestamp: timestamp, Authorization: md5(app.key + app.secret + timestamp) };
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
