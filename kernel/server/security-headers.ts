/**
 * Security headers on every page and call (helmet), with a content-security policy read from the
 * live site config at each request. helmet's middleware is made once and run in an onRequest hook:
 * @fastify/helmet made it anew for every request (parsing the whole policy each time), which cost
 * a hot SKU's buy-now about 40 µs of CPU on the one event loop.
 *
 * - scripts: the shop's own files, and only the inline scripts the server itself writes into the
 *   page, by hash (allowInline; never a hash of whatever the page happens to contain, or markup
 *   injected into it would be allowed too);
 * - style elements likewise; style attributes are allowed inline (style-src-attr): operators'
 *   rich text keeps its colours and alignment (./rich-text.ts) and the first paint carries the
 *   theme colour, and neither can be hashed ahead of time;
 * - pictures from the shop, data: and blob: URLs, the site's cdnUrl and any https address (spec §5
 *   shows an absolute picture URL as is, and rich text may link pictures anywhere);
 * - calls, the site event stream and the WebSocket to the shop, its apiUrl and its `wss`.
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { LiveSiteConfig } from './site-config';

/** The exact text of the inline scripts and style elements a page carries. */
export interface InlineSources {
  scripts: readonly string[];
  styles: readonly string[];
}

const NONE: InlineSources = { scripts: [], styles: [] };
/** Set by the page's handler, read when helmet writes the policy. */
const inlineOf = new WeakMap<ServerResponse, InlineSources>();

/** A CSP hash source for an inline element's exact text. */
export const hashSource = (text: string): string => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** `scheme://host[:port]` of an absolute http(s) or ws(s) address; null for a path or anything else. */
export function originOf(address: string): string | null {
  if (!/^(https?|wss?):\/\//i.test(address)) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** A Host header fit to be written into the policy (it is the client's text). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The page's own host as WebSocket origins: older browsers do not count ws(s) as 'self'. */
function socketsOfHost(req: IncomingMessage): string | null {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : null;
}

const list = (...values: (string | null)[]): string => [...new Set(values.filter(Boolean))].join(' ');

function directives(site: LiveSiteConfig) {
  const config = () => site.current().file.site;
  const inline = (res: ServerResponse) => inlineOf.get(res) ?? NONE;
  // One function per directive that varies: helmet joins its parts with spaces, empty ones too.
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': [(_req: IncomingMessage, res: ServerResponse) => list("'self'", ...inline(res).scripts.map(hashSource))],
    'script-src-attr': ["'none'"],
    // Browsers without the -elem/-attr directives fall back to this one.
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': [(_req: IncomingMessage, res: ServerResponse) => list("'self'", ...inline(res).styles.map(hashSource))],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': [() => list("'self'", 'data:', 'blob:', 'https:', originOf(config().cdnUrl))],
    'font-src': ["'self'", 'data:'],
    'connect-src': [(req: IncomingMessage) => list("'self'", socketsOfHost(req), originOf(config().apiUrl), originOf(config().wss))],
  };
}

type Headers = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Each app's headers, to write again when a page widens its policy (`allowInline`). */
const headersOf = new WeakMap<IncomingMessage, Headers>();
const ignore = () => {};

export async function installSecurityHeaders(app: FastifyInstance, site: LiveSiteConfig): Promise<void> {
  const headers: Headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(site) },
    // Pictures under /uploads are meant for other pages too: a CDN, or the app on another host (frontHost).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // A shop's domain may have plain-http neighbours: HSTS for this host only.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  });
  app.addHook('onRequest', (request, reply, done) => {
    headersOf.set(request.raw, headers);
    headers(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

/**
 * Allows the page's inline scripts and style elements by hash: the headers were written before the
 * handler ran, so they are written again with the page's hashes. A no-op in an app without them.
 */
export function allowInline(reply: FastifyReply, inline: InlineSources): void {
  inlineOf.set(reply.raw, inline);
  headersOf.get(reply.request.raw)?.(reply.request.raw, reply.raw, ignore);
}
