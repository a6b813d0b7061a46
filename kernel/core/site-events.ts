/**
 * The site event stream, shared by both sides: `GET /api/site/events`, public (no signature:
 * EventSource cannot set headers), `text/event-stream`, no envelope. It tells open tabs that the
 * site config changed, so a per-site toggle reaches them without a reload.
 *
 *   event: hello            on connect: the id of the config in use and its enabled plugins
 *   event: site             the config changed (file edit, CLI toggle): re-read /api/index/index
 *   : keep-alive            a comment every ~25 s, so proxies keep the stream open
 *
 * Every event carries an `id:`. A stream opened again with that id (the browser's own
 * `Last-Event-ID` on a reconnect, or `?since=<id>`) starts with `site` instead of `hello` when
 * the config changed in between, so a tab that was away misses nothing.
 */
export const SITE_EVENTS_PATH = '/api/site/events';

export type SiteEventName = 'hello' | 'site';

/** The `data:` of both events, as JSON. */
export interface SiteEventData {
  /** Enabled plugin ids, requirements first (the same list as the index reply's). */
  plugins: string[];
}
