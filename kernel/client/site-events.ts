/**
 * The browser's end of the site event stream (kernel/core/site-events.ts): one EventSource on
 * `<apiUrl>/api/site/events`, opened and closed by its owner (site-refresh.ts opens it after
 * boot and closes it while the tab is hidden). The EventSource reconnects by itself after a
 * dropped connection; a stream opened again names the last id it saw (`?since=`), so the server
 * says at once whether the site changed in between.
 */
import { SITE_EVENTS_PATH, type SiteEventData, type SiteEventName } from '../core/site-events';

/** What the kernel uses of an EventSource; tests give a fake. */
export interface EventSourceLike {
  /** 0 connecting, 1 open, 2 closed for good (the browser gave up, or `close()`). */
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** Opens an EventSource; null where the browser has none (the tab keeps its fallback). */
export type EventSourceFactory = (url: string) => EventSourceLike | null;

export const browserEventSource: EventSourceFactory = (url) => (typeof EventSource === 'function' ? new EventSource(url) : null);

/** The stream's address under the site's `apiUrl` (empty: the page's own host). */
export function siteEventsUrl(apiUrl: string, since = ''): string {
  return `${apiUrl.replace(/\/+$/, '')}${SITE_EVENTS_PATH}${since ? `?since=${encodeURIComponent(since)}` : ''}`;
}

export interface SiteEventsOptions {
  /** Read at each open: the site's `apiUrl` may change with the site. */
  apiUrl: () => string;
  factory: EventSourceFactory;
  /** Each `hello` and `site` event; `data` is null when it cannot be read. */
  onEvent: (name: SiteEventName, data: SiteEventData | null) => void;
}

export interface SiteEvents {
  /** Opens the stream unless one is open or reconnecting. */
  open(): void;
  close(): void;
  /** The last stream got through and has not failed since: the site needs no other watch. */
  readonly live: boolean;
}

export function createSiteEvents({ apiUrl, factory, onEvent }: SiteEventsOptions): SiteEvents {
  let source: EventSourceLike | null = null;
  let lastId = '';
  let live = false;

  const listen = (stream: EventSourceLike, name: SiteEventName) =>
    stream.addEventListener(name, (event) => {
      if (stream !== source) return;
      if (event.lastEventId) lastId = event.lastEventId;
      onEvent(name, readData(event.data));
    });

  return {
    open() {
      if (source) return;
      const stream = factory(siteEventsUrl(apiUrl(), lastId));
      if (!stream) return;
      source = stream;
      stream.addEventListener('open', () => {
        if (stream === source) live = true;
      });
      stream.addEventListener('error', () => {
        if (stream !== source) return;
        live = false;
        // Closed for good (refused, e.g. too many streams): the next open() tries a new one.
        if (stream.readyState === 2) source = null;
      });
      listen(stream, 'hello');
      listen(stream, 'site');
    },
    close() {
      source?.close();
      source = null;
    },
    get live() {
      return live;
    },
  };
}

function readData(data: unknown): SiteEventData | null {
  try {
    const parsed = JSON.parse(String(data)) as Partial<SiteEventData> | null;
    return parsed && Array.isArray(parsed.plugins) ? { plugins: parsed.plugins.map(String) } : null;
  } catch {
    return null;
  }
}
