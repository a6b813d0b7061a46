/**
 * `GET /api/site/events` (kernel/core/site-events.ts): a server-sent event stream that tells
 * every open tab when the site config reloads, so a toggle reaches it in well under 2 s.
 * Hand-written on the raw response (a hijacked reply): the protocol is a few lines of text.
 * Streams are capped per address and in all, kept alive with a comment, and ended before the
 * server closes, so `app.close()` never waits on them.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SITE_EVENTS_PATH, type SiteEventData, type SiteEventName } from '../core/site-events';
import type { LiveSiteConfig, LoadedSite } from './site-config';

/** Under the idle time-outs of common proxies (nginx 60 s, many load balancers 30–60 s). */
export const KEEP_ALIVE_MS = 25_000;
/** Tabs of one address (a household behind one NAT); more only slows nothing but the abuser. */
export const STREAMS_PER_ADDRESS = 16;
export const STREAMS_IN_ALL = 2_000;
/** How long a browser waits before it reconnects a dropped stream. */
const RETRY_MS = 2_000;

export interface SiteEventsOptions {
  keepAliveMs?: number;
  perAddress?: number;
  inAll?: number;
}

export interface SiteEvents {
  /** Streams open now. */
  readonly open: number;
}

export function installSiteEvents(app: FastifyInstance, site: LiveSiteConfig, options: SiteEventsOptions = {}): SiteEvents {
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const perAddress = options.perAddress ?? STREAMS_PER_ADDRESS;
  const inAll = options.inAll ?? STREAMS_IN_ALL;
  const streams = new Map<ServerResponse, string>();
  const byAddress = new Map<string, number>();
  let keepAlive: NodeJS.Timeout | null = null;

  // Unique per process: a tab holding another process's id (the server restarted) re-reads the site.
  const boot = Date.now().toString(36);
  const currentId = () => `${boot}.${site.version}`;
  const frame = (event: SiteEventName, loaded: LoadedSite) => {
    const data: SiteEventData = { plugins: [...loaded.enabled] };
    return `id: ${currentId()}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  };
  const broadcast = (text: string) => {
    for (const response of streams.keys()) if (!response.writableEnded && !response.destroyed) response.write(text);
  };

  const forget = (response: ServerResponse) => {
    const address = streams.get(response);
    if (address === undefined) return;
    streams.delete(response);
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left > 0) byAddress.set(address, left);
    else byAddress.delete(address);
    if (streams.size === 0 && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = null;
    }
  };

  const stopFollowing = site.onChange((loaded) => broadcast(frame('site', loaded)));

  app.get(SITE_EVENTS_PATH, { exposeHeadRoute: false }, (request, reply) => {
    const address = request.ip;
    const fromAddress = byAddress.get(address) ?? 0;
    if (fromAddress >= perAddress || streams.size >= inAll) {
      // EventSource gives up on a non-200 answer; the tab falls back to re-reading the site when shown.
      const reason = fromAddress >= perAddress ? `${perAddress} from ${address}` : `${inAll} in all`;
      return reply.code(429).header('retry-after', '60').type('text/plain; charset=utf-8').send(`too many open site event streams (${reason})`);
    }
    reply.hijack();
    const response = reply.raw;
    // Headers the pipeline set (CORS) travel too: a hijacked reply no longer sends them.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) response.setHeader(name, value);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    streams.set(response, address);
    byAddress.set(address, fromAddress + 1);
    response.on('close', () => forget(response));
    const since = lastSeen(request);
    const missed = since !== '' && since !== currentId();
    response.write(`retry: ${RETRY_MS}\n${frame(missed ? 'site' : 'hello', site.current())}`);
    keepAlive ??= setInterval(() => broadcast(': keep-alive\n\n'), keepAliveMs).unref();
  });

  // Before the server stops listening: it would otherwise wait for every open stream to end.
  app.addHook('preClose', async () => {
    stopFollowing();
    for (const response of [...streams.keys()]) {
      response.end();
      forget(response);
    }
  });

  return {
    get open() {
      return streams.size;
    },
  };
}

/** The id the tab saw last: the browser's `Last-Event-ID` on its own reconnect, or `?since=`. */
function lastSeen(request: FastifyRequest): string {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header !== '') return header;
  const since = (request.query as Record<string, unknown> | undefined)?.since;
  return typeof since === 'string' ? since : '';
}
