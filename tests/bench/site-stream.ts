/**
 * The site event stream (`GET /api/site/events`, kernel/core/site-events.ts) as the bench reads
 * it: every event with the moment it arrived, so the bench can tell when a running server applied
 * a site change, and wait for one without polling.
 *
 *   const stream = await openSiteStream(base);              // resolves on the `hello`
 *   const since = performance.now();
 *   …change the site…
 *   const applied = await stream.waitFor((plugins) => !plugins.includes('cart'), since, 10_000);
 */
import { SITE_EVENTS_PATH, type SiteEventData } from '@kernel/core/site-events';

export interface SiteEvent {
  name: string;
  /** Enabled plugin ids, as the server announced them. */
  plugins: string[];
  /** performance.now() when the bench read it. */
  at: number;
}

export interface Frame {
  event: string;
  data: string;
}

/**
 * Splits what the stream sent so far into whole frames (a blank line ends one) and the unfinished
 * rest. Comments (`: keep-alive`), `id:` and `retry:` lines carry nothing the bench needs.
 */
export function parseFrames(buffer: string): { frames: Frame[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: Frame[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

export interface SiteStream {
  readonly events: readonly SiteEvent[];
  /** The first event at or after `since` whose plugin list passes `test`; rejects after `timeoutMs`. */
  waitFor(test: (plugins: readonly string[]) => boolean, since: number, timeoutMs: number): Promise<SiteEvent>;
  close(): void;
}

export async function openSiteStream(base: string, timeoutMs = 10_000): Promise<SiteStream> {
  const abort = new AbortController();
  const events: SiteEvent[] = [];
  const listeners = new Set<() => void>();
  const response = await fetch(new URL(SITE_EVENTS_PATH, base), { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`${SITE_EVENTS_PATH} answered ${response.status}`);

  const read = async (body: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const at = performance.now();
      const parsed = parseFrames(buffer + decoder.decode(chunk.value, { stream: true }));
      buffer = parsed.rest;
      for (const frame of parsed.frames) {
        events.push({ name: frame.event, plugins: (JSON.parse(frame.data) as SiteEventData).plugins, at });
      }
      if (parsed.frames.length > 0) for (const listener of listeners) listener();
    }
  };
  // The stream ends when the bench closes it or the server stops; either way waiting ends with the timeout.
  read(response.body).catch(() => undefined);

  const waitFor: SiteStream['waitFor'] = (test, since, waitMs) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.find((e) => e.at >= since && test(e.plugins));
        if (!found) return;
        done();
        resolve(found);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no site event with the expected plugins within ${waitMs / 1000} s; last: ${JSON.stringify(events.at(-1)?.plugins ?? null)}`));
      }, waitMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  const stream: SiteStream = { events, waitFor, close: () => abort.abort() };
  try {
    await waitFor(() => true, 0, timeoutMs);
  } catch (error) {
    stream.close();
    throw error;
  }
  return stream;
}
