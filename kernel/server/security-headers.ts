/**
 * Security headers on every page and call. A page (and every file) gets helmet's headers (its
 * middleware made once and run in an onRequest hook: @fastify/helmet made it anew for every
 * request, parsing the whole policy each time) and a content-security policy written here from the
 * live site config: made once per site version and host for a reply without inline parts, and for
 * a page with the hashes of its inline parts. A call gets the short set of `CALL_HEADERS`.
 *
 * The page's policy:
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
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { LiveSiteConfig } from './site-config';

/** The exact text of the inline scripts and style elements a page carries. */
export interface InlineSources {
  scripts: readonly string[];
  styles: readonly string[];
}

const NONE: InlineSources = { scripts: [], styles: [] };

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

/** HSTS for this host only: a shop's domain may have plain-http neighbours. */
const HSTS_SECONDS = 15_552_000;

/** A Host header fit to be written into the policy (it is the client's text). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

const list = (...values: (string | null)[]): string => [...new Set(values.filter(Boolean))].join(' ');

/** The policy for `host` (the request's Host header) and the inline parts of its reply, from the site's config now. */
function policyOf(site: LiveSiteConfig, host: string | undefined, inline: InlineSources): string {
  const config = site.current().file.site;
  const sockets = host !== undefined && HOST.test(host) ? `ws://${host} wss://${host}` : null;
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    `script-src ${list("'self'", ...inline.scripts.map(hashSource))}`,
    "script-src-attr 'none'",
    // Browsers without the -elem/-attr directives fall back to this one.
    "style-src 'self' 'unsafe-inline'",
    `style-src-elem ${list("'self'", ...inline.styles.map(hashSource))}`,
    "style-src-attr 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', originOf(config.cdnUrl))}`,
    "font-src 'self' data:",
    `connect-src ${list("'self'", sockets, originOf(config.apiUrl), originOf(config.wss))}`,
  ].join(';');
}

/**
 * A call's reply (`/api/…`: JSON, the OpenAPI document, the site event stream) is read by the app,
 * never shown by a browser as a page. It carries the headers OWASP's REST cheat sheet names for an
 * API: no sniffing its type into something runnable, a policy that lets it load nothing and be
 * framed by nobody if it is ever opened, and HSTS. A page's headers (the full policy, opener and
 * embedder isolation, referrer, DNS prefetch…) govern what a document does, so on a call they were
 * only bytes: 900 of them on every reply, made and parsed on both sides (a hot SKU's buy-now spent
 * about 55 µs of the server's CPU on them, and its client 35 µs).
 */
export const CALL_HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"],
  ['Strict-Transport-Security', `max-age=${HSTS_SECONDS}`],
];

const isCall = (url: string | undefined): boolean => url !== undefined && url.startsWith('/api/');

/** Each request's way to widen its policy (`allowInline`). */
const widenOf = new WeakMap<IncomingMessage, (inline: InlineSources) => void>();
const CACHED_POLICIES = 64;

export async function installSecurityHeaders(app: FastifyInstance, site: LiveSiteConfig): Promise<void> {
  // helmet's other headers are the same for every reply; the policy is written here.
  const headers = helmet({
    contentSecurityPolicy: false,
    // Pictures under /uploads are meant for other pages too: a CDN, or the app on another host (frontHost).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    strictTransportSecurity: { maxAge: HSTS_SECONDS, includeSubDomains: false },
  });
  // A reply without inline parts (every call) gets the policy of its site version and host, made once.
  const cached = new Map<string, string>();
  const plainPolicy = (host: string | undefined): string => {
    const key = `${site.version}\n${host ?? ''}`;
    let policy = cached.get(key);
    if (policy === undefined) {
      if (cached.size >= CACHED_POLICIES) cached.clear();
      policy = policyOf(site, host, NONE);
      cached.set(key, policy);
    }
    return policy;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const { raw: req } = request;
    const res = reply.raw;
    if (isCall(req.url)) {
      for (const [name, value] of CALL_HEADERS) res.setHeader(name, value);
      return done();
    }
    widenOf.set(req, (inline) => res.setHeader('Content-Security-Policy', policyOf(site, req.headers.host, inline)));
    headers(req, res, (error) => {
      res.setHeader('Content-Security-Policy', plainPolicy(req.headers.host));
      done(error as Error | undefined);
    });
  });
}

/**
 * Allows the page's inline scripts and style elements by hash: the headers were written before the
 * handler ran, so they are written again with the page's hashes. A no-op in an app without them.
 */
export function allowInline(reply: FastifyReply, inline: InlineSources): void {
  widenOf.get(reply.request.raw)?.(inline);
}
