/**
 * Uploads (DESIGN §5): multipart, the site's size and type rules, content sniffed (the name and
 * the declared type are not trusted), kept in the upload store (a folder, or an S3 bucket:
 * ./upload-store/) and served at `/uploads/`.
 * Names carry the content digest, so the files are cached for a year. Served files are never
 * sniffed into something else nor run as a page (nosniff, a sandboxing CSP): an upload is data.
 * A request over the hard limit is refused with 413 before it is read. Pictures are cleaned before
 * they are stored and served in the pages' widths (./images.ts).
 */
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { cdnUrl } from '../core/cdn';
import { BizError, HttpError } from '../core/errors';
import { kernelContract } from '../core/kernel.contract';
import { businessDate } from './clock';
import { KERNEL, type CallRoute } from './call-route';
import { askedWidth, cleanPicture, openPictureVariant } from './images';
import type { Handler } from './plugin';
import { md5, sha1 } from './services/hash';
import { isAccepted, parseSize, saveName } from './upload-rules';
import { isSafeKey, VARIANTS_DIR, type StoredFile, type UploadStore } from './upload-store/store';

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
export async function installUploads(app: FastifyInstance, store: UploadStore, registerMultipart: (scope: FastifyInstance) => void): Promise<void> {
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
      return serveVariant(store, request, reply);
    });
    // In a bucket: each file streamed from it (the bucket may stay private).
    if (!store.dir) {
      scope.get('/uploads/*', (request, reply) => serveStored(store, request, reply));
      return;
    }
    await scope.register(fastifyStatic, {
      root: store.dir,
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

/** The store's key of a request under `/uploads/`, or null when it names no plain stored file (`..`, the variants' own folder). */
function keyOf(url: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(url.split('?', 1)[0].slice('/uploads/'.length));
  } catch {
    return null;
  }
  return isSafeKey(key) && !key.startsWith(`${VARIANTS_DIR}/`) ? key : null;
}

/** Sends a stored file with the upload headers, or 304 when the browser's copy is current. */
function sendStored(request: FastifyRequest, reply: FastifyReply, file: StoredFile, cacheFor: string): FastifyReply {
  reply.header('Cache-Control', cacheControl(cacheFor));
  if (file.etag) {
    reply.header('ETag', file.etag);
    if (request.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      return reply.code(304).send();
    }
  }
  return reply.header('Content-Type', file.type).header('Content-Length', file.size).send(file.body);
}

/**
 * `GET /uploads/…/x.jpg?w=128`: the picture in one of the served widths, WebP when the browser
 * says it takes it. Anything else (no or another width, a GIF, not a picture, a missing file)
 * goes on to the stored files, which serve the original or a 404.
 */
async function serveVariant(store: UploadStore, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (request.method !== 'GET') return undefined;
  const width = askedWidth(request.url.split('?', 2)[1] ?? '');
  const key = width ? keyOf(request.url) : null;
  if (!width || !key) return undefined;
  const webp = /\bimage\/webp\b/.test(request.headers.accept ?? '');
  let file: StoredFile | null;
  try {
    file = await openPictureVariant(store, key, width, webp);
  } catch (error) {
    // A file named like a picture that sharp cannot read: the original, as it is.
    request.log.warn({ err: error, file: key, width }, 'upload: could not make a resized copy; serving the original');
    return undefined;
  }
  if (!file) return undefined;
  return sendStored(request, reply.header('Vary', 'Accept'), file, key);
}

/** `GET /uploads/…` from a bucket: the original, or a 404 like the static files'. */
async function serveStored(store: UploadStore, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const key = keyOf(request.url);
  const file = key ? await store.open(key) : null;
  if (!file || !key) return reply.code(404).header('Content-Type', 'text/plain; charset=utf-8').send('Not Found');
  return sendStored(request, reply, file, key);
}

/** What is uploaded is kept in `store` and served under `/uploads/` (saved names always start there). */
export function uploadCall(store: UploadStore): CallRoute {
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
    const key = url.split('/').filter(Boolean).slice(1).join('/');
    // Same name means same content: an existing file is already the right one.
    if (!(await store.has(key))) await store.put(key, content, detected.mime);
    await ctx.db
      .insertInto('kernel_upload')
      .values({ user_id: user.id, url, mime: detected.mime, size: content.length, sha1: sha1(content), created_at: Math.floor(now / 1000) })
      .execute();
    const fullurl = ctx.site.cdnUrl ? cdnUrl(url, ctx.site.cdnUrl) : `${ctx.request.protocol}://${ctx.request.host}${url}`;
    return { url, fullurl };
  };
  return { plugin: KERNEL, call: kernelContract.upload, handler: handler as CallRoute['handler'] };
}
