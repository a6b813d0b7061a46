/**
 * `getMiniQrCode`: the QR code (PNG) of the link to an app path of this shop, `<origin>/#<path>`
 * (the app routes by hash). Made once per link and kept among the uploads, named by the link's
 * digest as the kernel names uploads, so every later call, on any node sharing the folder, answers
 * the same URL and browsers cache the image for good.
 */
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import { FieldsError } from '@kernel/core/errors';
import type { CallContext } from '@kernel/server/plugin';
import { sha1 } from '@kernel/server/services/hash';

/** Where the codes are kept, under the uploads folder (served at `/uploads/`). */
const FOLDER = 'qr';
const CONTROL = /\p{Cc}/u;
/** How the codes are drawn: medium error correction, so a phone still reads one printed small or a little smudged. */
export const QR_OPTIONS = { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 400 } as const;

/** A path inside the app: one leading '/', so no scheme, no other host (`//evil.test`, `/\evil.test`), no control characters. */
export const isAppPath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !CONTROL.test(value);

/** The page's origin: the request's Origin when it is an http(s) origin, else its protocol and Host. */
export function requestOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  if (origin) {
    try {
      const url = new URL(origin);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin) return origin;
    } catch {
      // Not a URL ("null" from a sandboxed page): fall back to the Host.
    }
  }
  return `${request.protocol}://${request.host}`;
}

export async function qrCodeOf(ctx: CallContext, appPath: string): Promise<{ url: string }> {
  if (!isAppPath(appPath)) throw new FieldsError([{ field: 'path', key: 'team:poster.bad_path' }]);
  const link = `${requestOrigin(ctx.request)}/#${appPath}`;
  // Named by the link's digest: a second call, on any node sharing the folder, answers the same URL.
  const url = await ctx.services.uploads.keep(FOLDER, `${sha1(link)}.png`, () => QRCode.toBuffer(link, QR_OPTIONS));
  return { url };
}
