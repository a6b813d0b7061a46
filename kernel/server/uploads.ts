/**
 * Uploads (DESIGN §5): multipart, the site's size and type rules, content sniffed (the name and
 * the declared type are not trusted), stored under `<dataDir>/uploads` and served at `/uploads/`.
 * Names carry the content digest, so the files are cached for a year. Served files are never
 * sniffed into something else nor run as a page (nosniff, a sandboxing CSP): an upload is data.
 * A request over the hard limit is refused with 413 before it is read. Pictures are cleaned before
 * they are stored and served in the pages' widths (./images.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { cdnUrl } from '../core/cdn';
import { BizError, HttpError } from '../core/errors';
import { kernelContract } from '../core/kernel.contract';
import { businessDate } from './clock';
import { KERNEL, type CallRoute } from './call-route';
import { askedWidth, cleanPicture, pictureVariant } from './images';
import type { Handler } from './plugin';
import { md5, sha1 } from './services/hash';
import { isAccepted, parseSize, saveName } from './upload-rules';

/** Multipart parsing never buffers more than this, whatever a site file says. */
export const HARD_LIMIT = 100 * 1024 * 1024;
const HASHED_NAME = /(^|[/\\])[0-9a-f]{32,40}\.\w+$/;

/** Headers of every response under /uploads/: the browser takes the type as given and runs nothing. */
export const UPLOAD_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
} as const;

/**
 * `registerMultipart` registers the calls that take a multipart body: only they get the multipart
 * parser and its hooks (a listener on every response), in a scope of their own. Files under
 * `/uploads/` get UPLOAD_HEADERS in another.
 */
export async function installUploads(app: FastifyInstance, uploadsDir: string, registerMultipart: (scope: FastifyInstance) => void): Promise<void> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: HARD_LIMIT, files: 1, fields: 20 } });
    // A body that says it is over the hard limit is refused before a byte of it is read.
    scope.addHook('onRequest', async (request) => {
      if (Number(request.headers['content-length']) > HARD_LIMIT) throw new HttpError(413, 'kernel:http.413');
    });
    registerMultipart(scope);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      reply.headers(UPLOAD_HEADERS);
      return serveVariant(uploadsDir, request, reply);
    });
    await scope.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      // The resized copies (./images.ts, `.variants/`) are reached through `?w=` only.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', cacheControl(file));
      },
    });
  });
}

const cacheControl = (file: string) => (HASHED_NAME.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');

/**
 * `GET /uploads/…/x.jpg?w=128`: the picture in one of the served widths, WebP when the browser
 * says it takes it. Anything else (no or another width, a GIF, not a picture, a missing file)
 * goes on to the static files, which serve the original or a 404.
 */
async function serveVariant(uploadsDir: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.method !== 'GET') return undefined;
  const [pathname, query = ''] = request.url.split('?', 2);
  const width = askedWidth(query);
  if (!width) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice('/uploads/'.length));
  } catch {
    return undefined;
  }
  // Only plain names inside the folder: no `..`, no dot files or folders (the variants' own).
  if (relative.split('/').some((part) => part === '' || part.startsWith('.')) || relative.includes('\\') || relative.includes('\0')) return undefined;
  const original = path.join(uploadsDir, relative);
  const webp = /\bimage\/webp\b/.test(request.headers.accept ?? '');
  let variant;
  try {
    variant = await pictureVariant(uploadsDir, original, width, webp);
  } catch (error) {
    // A file named like a picture that sharp cannot read: the original, as it is.
    request.log.warn({ err: error, file: relative, width }, 'upload: could not make a resized copy; serving the original');
    return undefined;
  }
  if (!variant) return undefined;
  const size = (await fs.promises.stat(variant.file)).size;
  return reply
    .header('Content-Type', variant.mime)
    .header('Content-Length', size)
    .header('Cache-Control', cacheControl(original))
    .header('Vary', 'Accept')
    .send(fs.createReadStream(variant.file));
}

/** `uploadsDir` holds what is served under `/uploads/` (saved names always start there). */
export function uploadCall(uploadsDir: string): CallRoute {
  const handler: Handler<typeof kernelContract.upload, Record<string, unknown>> = async (_payload, ctx) => {
    const user = ctx.requireUser();
    const rules = ctx.site.upload;
    const max = parseSize(rules.maxsize);
    if (!ctx.request.isMultipart()) throw new BizError('kernel:message.upload_required');
    const part = await ctx.request.file({ limits: { fileSize: Math.min(max, HARD_LIMIT), files: 1 } });
    if (!part) throw new BizError('kernel:message.upload_required');
    let received: Buffer;
    try {
      received = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        // Over the site's size: its own message, naming the size. Over the hard limit: a 413.
        if (max > HARD_LIMIT) throw new HttpError(413, 'kernel:http.413');
        throw new BizError('kernel:message.upload_too_large', { max: rules.maxsize });
      }
      throw error;
    }
    if (received.length === 0) throw new BizError('kernel:message.upload_required');
    const detected = await fileTypeFromBuffer(received);
    if (!detected || !isAccepted(rules.mimetype, detected)) {
      throw new BizError('kernel:message.upload_type', { types: rules.mimetype });
    }
    // What is stored (and named by its digest) is the cleaned picture: upright, no EXIF.
    const content = await cleanPicture(received, detected.ext);
    if (!content) throw new BizError('kernel:message.upload_unreadable');

    const now = ctx.services.clock.now();
    const digest = md5(content);
    const url = saveName(rules, { date: businessDate(now), md5: digest, sha1: sha1(content), ext: detected.ext });
    const file = path.join(uploadsDir, ...url.split('/').filter(Boolean).slice(1));
    // Same name means same content: an existing file is already the right one.
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, content);
      fs.renameSync(temp, file);
    }
    await ctx.db
      .insertInto('kernel_upload')
      .values({ user_id: user.id, url, mime: detected.mime, size: content.length, sha1: sha1(content), created_at: Math.floor(now / 1000) })
      .execute();
    const fullurl = ctx.site.cdnUrl ? cdnUrl(url, ctx.site.cdnUrl) : `${ctx.request.protocol}://${ctx.request.host}${url}`;
    return { url, fullurl };
  };
  return { plugin: KERNEL, call: kernelContract.upload, handler: handler as CallRoute['handler'] };
}
