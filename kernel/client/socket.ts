/**
 * The chat socket (spec §4) as plugins see it: `kernel.socket`. This facade is all the initial
 * bundle carries (state, subscribers); it stays idle until something subscribes, and loads a
 * connection only when one is needed: the user's (./socket-connection.ts, the machine of
 * ./socket-machine.ts) once a logged-in user on a site with a `wss` needs it, or, for a visitor's
 * page that subscribes to public messages (`onPublic`), the small read-only one of
 * ./socket-visitor.ts, which a login replaces with the user's.
 */
import { proxy, subscribe } from 'valtio';
import type { SOCKET_STATE, SocketMessage } from '../core/socket';
import type { Browser } from './browser';
import type { Session, SiteState, Socket, SocketOpen, SocketStatus } from './kernel';
import type { Connection } from './socket-connection';
import type { VisitorConnection } from './socket-visitor';

/** The part of the browser's WebSocket the service uses; tests give a fake (tests/setup/kernel.tsx). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

// The browser's handlers receive richer events (CloseEvent, MessageEvent) than WebSocketLike names.
export const browserWebSocket: WebSocketFactory = (url) => new WebSocket(url) as WebSocketLike;

export type Handlers = Map<string, Set<(message: SocketMessage) => void>>;
export type OpenHandlers = Set<(open: SocketOpen) => void>;

export interface SocketDeps {
  session: Session;
  site: SiteState;
  browser: Browser;
  createWebSocket: WebSocketFactory;
  /** Jitter of the reconnect delays, in [0, 1) (default Math.random). */
  random?: () => number;
}

/**
 * SOCKET_STATE.initial, written out: importing ../core/socket here would split the wire into a chunk
 * of its own that the home route downloads; the type checks the value.
 */
const INITIAL: (typeof SOCKET_STATE)['initial'] = -2;

export function createSocket(deps: SocketDeps): Socket {
  const { session, site, browser } = deps;
  const state = proxy<SocketStatus>({ status: INITIAL, attempts: 0, failed: false, online: browser.onLine(), lastError: null, last: {} });
  const handlers: Handlers = new Map();
  const openHandlers: OpenHandlers = new Set();
  const publicHandlers: Handlers = new Map();
  let connection: Connection | null = null;
  /** A visitor's read-only connection, until a login hands over to the user's (which then carries both). */
  let visitor: VisitorConnection | null = null;
  let loading = false;
  let started = false;
  let toldNoAddress = false;

  const changed = () => {
    state.online = browser.onLine();
    if (connection) return connection.follow();
    const loggedIn = session.state.loggedIn;
    if (visitor && !loggedIn) return visitor.follow();
    if (visitor) {
      visitor.stop();
      visitor = null;
    }
    // A public type once subscribed stays a key: the connection decides whether a visitor connects.
    if (!(loggedIn || publicHandlers.size) || !site.config || loading) return;
    if (!site.config.wss) {
      if (!toldNoAddress) console.info('storefront: no chat server (`wss`) in the site config');
      toldNoAddress = true;
      return;
    }
    loading = true;
    // Offline while a chunk loads: the next change (the network back) tries again.
    const failed = () => (loading = false);
    if (loggedIn) {
      import('./socket-connection').then(({ startConnection }) => {
        connection = startConnection({ ...deps, state, handlers, openHandlers, publicHandlers });
      }, failed);
      return;
    }
    // A visitor's pages only read (e.g. the flash sale's counts): the small read-only connection.
    import('./socket-visitor').then(({ startVisitor }) => {
      loading = false;
      // Logged in while it loaded: the user's connection instead.
      if (session.state.loggedIn) return changed();
      visitor = startVisitor({ ...deps, state, publicHandlers });
    }, failed);
  };

  /** Follows the session, the site config and the network from the first subscriber on. */
  const start = () => {
    if (started) return;
    started = true;
    subscribe(session.state, changed, true);
    subscribe(site, changed, true);
    browser.onNetworkChange(changed);
    changed();
  };

  /**
   * Subscribes to a type in `map`; a change is followed at once, as a visitor's connection
   * depends on the public subscribers (the machine lets it linger after the last one).
   */
  const subscriber = (map: Handlers) => (type: string, handler: (message: SocketMessage) => void) => {
    start();
    const set = map.get(type) ?? new Set();
    map.set(type, set.add(handler));
    changed();
    return () => {
      set.delete(handler);
      changed();
    };
  };

  return {
    state,
    on: subscriber(handlers),
    onPublic: subscriber(publicHandlers),
    onOpen(handler) {
      start();
      openHandlers.add(handler);
      return () => void openHandlers.delete(handler);
    },
    send: (message) => connection?.send(message) ?? false,
    retry() {
      start();
      (connection ?? visitor)?.retry();
    },
  };
}
