/**
 * A visitor's connection: anonymous and read-only (`<wss>?public=1`), open while a public
 * subscriber (`kernel.socket.onPublic`) wants it and PUBLIC_LINGER_MS after the last one leaves.
 * It pings every 30 s (a pong within 1 s), reconnects with the user's connection's backoff and
 * limit, waits for a lost network, and hands its messages to the public subscribers. Loaded by
 * ./socket.ts for a visitor instead of the user's connection (./socket-connection.ts and its
 * machine), which a home page's visitor would not use; a login drops it (`stop`) for that one.
 */
import type { PING_EVERY_MS, PONG_WAIT_MS, PUBLIC_PARAM, RECONNECT_LIMIT, SOCKET_STATE, SocketMessage } from '../core/socket';
import type { Browser } from './browser';
import type { SiteState, SocketStatus } from './kernel';
import type { Handlers, WebSocketFactory, WebSocketLike } from './socket';
import { PUBLIC_LINGER_MS, reconnectDelay, withJitter } from './socket-timing';

/**
 * The hub's address for a `wss` setting: absolute `ws(s)://…` as is; a path resolved against the
 * page (http → ws, https → wss); '' when there is none or it is not a WebSocket address.
 */
export function socketAddress(wss: string, pageUrl: string): string {
  const value = wss.trim();
  if (!value) return '';
  try {
    const url = new URL(value, pageUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return '';
    url.hash = '';
    return url.toString();
  } catch {
    return '';
  }
}

/**
 * `<address>?token=<access token>` (the hub authenticates the connection by it); without a token,
 * a visitor's anonymous read-only connection: `<address>?public=1`.
 */
export function socketUrl(address: string, token: string): string {
  const url = new URL(address);
  if (token) url.searchParams.set('token', token);
  else url.searchParams.set(PUBLIC, '1');
  return url.toString();
}

/** One failing subscriber does not keep a message from the others. */
export function safely<T>(what: string, handler: (value: T) => void, value: T): void {
  try {
    handler(value);
  } catch (error) {
    console.error(`storefront: the socket's ${what} handler failed`, error);
  }
}

/** Hands a public message to its subscribers and keeps it as the last of its type. */
export function deliverPublic(state: SocketStatus, publicHandlers: Handlers, message: SocketMessage): void {
  const subscribers = publicHandlers.get(message.type);
  if (!subscribers) return;
  state.last[message.type] = message;
  subscribers.forEach((handler) => safely(`public \`${message.type}\``, handler, message));
}

/** Lets a WebSocket go: none of its events reach us any more, and it is closed unless it already is. */
export function letGo(ws: WebSocketLike): void {
  ws.onopen = ws.onclose = ws.onerror = ws.onmessage = null;
  if (ws.readyState < 2) ws.close(1000);
}

export interface VisitorDeps {
  state: SocketStatus;
  site: SiteState;
  browser: Browser;
  createWebSocket: WebSocketFactory;
  publicHandlers: Handlers;
  random?: () => number;
}

export interface VisitorConnection {
  /** Reads the site's `wss`, the network and the public subscribers again. */
  follow(): void;
  retry(): void;
  /** Closes it for good (a login: the user's connection takes over). */
  stop(): void;
}

/**
 * The wire's constants, written out, and its parser: importing ../core/socket (all of the chat's
 * wire) would put it on the home route of every visitor. The types check the values.
 */
const INITIAL: (typeof SOCKET_STATE)['initial'] = -2;
const RECONNECTING: (typeof SOCKET_STATE)['reconnecting'] = 0;
const OPEN: (typeof SOCKET_STATE)['open'] = 1;
const PING_MS: typeof PING_EVERY_MS = 30_000;
const PONG_MS: typeof PONG_WAIT_MS = 1_000;
const LIMIT: typeof RECONNECT_LIMIT = 10;
const PUBLIC: typeof PUBLIC_PARAM = 'public';

/** A text frame as a message (`{ type, … }`), else null: core/socket's parseMessage. */
function parseMessage(text: string): SocketMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string') return value as SocketMessage;
  } catch {
    // not JSON
  }
  return null;
}

export function startVisitor(deps: VisitorDeps): VisitorConnection {
  const { state, browser } = deps;
  let socket: WebSocketLike | null = null;
  let address = '';
  /** Reconnect, ping, pong and linger timers. */
  let reconnect: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setTimeout> | undefined;
  let pong: ReturnType<typeof setTimeout> | undefined;
  let linger: ReturnType<typeof setTimeout> | undefined;
  let waiting = false;
  let lingering = false;
  let wanted = false;
  let stopped = false;
  /** The network was seen lost: attempts start again from 0 when it is back. */
  let offline = false;

  const wants = () => wanted || lingering;
  const set = (status: SocketStatus['status'], lastError: string | null = state.lastError) => {
    state.status = status;
    state.lastError = lastError;
  };

  /** No WebSocket and no timer left (but the linger's). */
  const shut = (): void => {
    clearTimeout(reconnect);
    clearTimeout(ping);
    clearTimeout(pong);
    waiting = false;
    const ws = socket;
    socket = null;
    if (ws) letGo(ws);
  };

  const sendPing = (): void => {
    clearTimeout(pong);
    pong = setTimeout(() => lost('no pong'), PONG_MS);
    try {
      socket?.send(JSON.stringify({ type: 'ping' }));
    } catch {
      // A closing socket: its close event follows.
    }
    ping = setTimeout(sendPing, PING_MS);
  };

  const lost = (why: string): void => {
    shut();
    set(RECONNECTING, why);
    if (!wants() || !address) return;
    // A failure while the network is down waits for the network, not the backoff.
    if (!browser.onLine()) return void (offline = true);
    if (state.attempts >= LIMIT) return void (state.failed = true);
    state.attempts += 1;
    waiting = true;
    reconnect = setTimeout(() => {
      waiting = false;
      follow();
    }, withJitter(reconnectDelay(state.attempts), (deps.random ?? Math.random)()));
  };

  const connect = (): void => {
    set(RECONNECTING);
    let ws: WebSocketLike;
    try {
      ws = deps.createWebSocket(socketUrl(address, ''));
    } catch {
      // e.g. a content security policy refusing the address: fails like a connection that errs.
      return void Promise.resolve().then(() => !stopped && socket === null && !waiting && lost('error'));
    }
    socket = ws;
    ws.onopen = () => {
      if (ws !== socket) return;
      Object.assign(state, { attempts: 0, failed: false });
      set(OPEN, null);
      sendPing();
    };
    ws.onclose = (event) => ws === socket && lost(`closed ${event.code}`);
    ws.onerror = () => ws === socket && lost('error');
    ws.onmessage = (event) => {
      const message = ws === socket && typeof event.data === 'string' ? parseMessage(event.data) : null;
      if (!message) return;
      if (message.type === 'pong') clearTimeout(pong);
      else deliverPublic(state, deps.publicHandlers, message);
    };
  };

  const drop = (): void => {
    shut();
    Object.assign(state, { attempts: 0, failed: false });
    set(INITIAL, null);
  };

  function follow(): void {
    if (stopped) return;
    const online = browser.onLine();
    const next = socketAddress(deps.site.config?.wss ?? '', browser.pageUrl());
    const wasWanted = wanted;
    wanted = [...deps.publicHandlers.values()].some((subscribers) => subscribers.size > 0);
    if (lingering && wanted) {
      lingering = false;
      clearTimeout(linger);
    }
    if (!wants()) {
      // The last public subscriber just left: the connection stays a moment for the next page's.
      if (wasWanted && (socket || waiting)) {
        lingering = true;
        linger = setTimeout(() => {
          lingering = false;
          follow();
        }, PUBLIC_LINGER_MS);
      } else drop();
      return;
    }
    if (!next) {
      // No hub configured: nothing is done.
      address = '';
      shut();
      return set(INITIAL);
    }
    if (next !== address && (socket || waiting)) {
      shut();
      Object.assign(state, { attempts: 0, failed: false });
    }
    address = next;
    if (!online) {
      // Network lost: close, and wait for it instead of burning reconnects.
      shut();
      offline = true;
      return set(RECONNECTING);
    }
    if (offline) Object.assign(state, { attempts: 0, failed: false });
    offline = false;
    if (!socket && !waiting && !state.failed) connect();
  }

  follow();
  return {
    follow,
    retry() {
      if (!wants() || !address) return;
      Object.assign(state, { attempts: 0, failed: false, lastError: null });
      clearTimeout(reconnect);
      waiting = false;
      if (browser.onLine() && !socket) connect();
    },
    stop() {
      stopped = true;
      lingering = false;
      clearTimeout(linger);
      shut();
    },
  };
}
