/**
 * One authenticated WebSocket: frames in (size-capped by `ws`, rate-limited, parsed), pings
 * answered at once, every other message handed to the plugin that handles its type, one at a
 * time in arrival order so a handler can store a message before it acknowledges it.
 */
import type { RawData, WebSocket } from 'ws';
import { BizError, HttpError } from '../../core/errors';
import { parseMessage, type PongMessage, type SocketErrorMessage, type SocketMessage } from '../../core/socket';
import { pluginScope, type CallDeps } from '../call-route';
import type { AuthUser, Lang, SocketContext } from '../plugin';
import type { SocketRoute } from './handlers';
import type { HubConnection } from './hub';

/** At most this many messages per connection within `perMs`; more are refused, the connection stays. */
export const SOCKET_RATE = { messages: 20, perMs: 1000 } as const;

/** How long a closing socket may take to answer the close handshake before it is dropped. */
const CLOSE_WAIT_MS = 1000;

export interface ConnectionDeps extends CallDeps {
  routes: ReadonlyMap<string, SocketRoute>;
  log: { error(message: string): void };
}

export interface Connection extends HubConnection {
  /** Feed it the socket's `message` events. */
  receive(data: RawData, isBinary: boolean): void;
}

export function openConnection(socket: WebSocket, user: AuthUser, lang: Lang, deps: ConnectionDeps): Connection {
  const limiter = slidingWindow(SOCKET_RATE.messages, SOCKET_RATE.perMs);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // Handlers run one after the other; `stopped` drops those not yet started when the app closes.
  let tail: Promise<void> = Promise.resolve();
  let stopped = false;

  const send = (message: SocketMessage): boolean => {
    if (socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const refuse = (of: string, cid: unknown, key: string, params?: Record<string, string | number>) => {
    const error: SocketErrorMessage = { type: 'error', of, ...(typeof cid === 'string' ? { cid } : {}), msg: deps.i18n.t(lang, key, params) };
    send(error);
  };

  const contextFor = (plugin: string): SocketContext => ({ ...pluginScope(plugin, lang, deps), user, send: (message) => void send(message) });

  const dispatch = async (message: SocketMessage, route: SocketRoute) => {
    // Toggles are read per message: a plugin switched off stops handling at once.
    if (!deps.site.isEnabled(route.plugin)) {
      refuse(message.type, message.cid, 'kernel:message.plugin_disabled', { plugin: route.plugin });
      return;
    }
    try {
      await route.handler(message, contextFor(route.plugin));
    } catch (error) {
      if (error instanceof BizError || error instanceof HttpError) {
        refuse(message.type, message.cid, error.key, error.params);
        return;
      }
      deps.log.error(
        `socket message "${message.type}" of user ${user.id} failed in plugin \`${route.plugin}\`: ${(error as Error)?.stack ?? String(error)}`,
      );
      refuse(message.type, message.cid, 'kernel:message.server_exception');
    }
  };

  const receive = (data: RawData, isBinary: boolean) => {
    if (stopped) return;
    const message = isBinary ? null : parseMessage(text(data));
    if (!limiter.hit()) {
      refuse(message?.type ?? '', message?.cid, 'kernel:socket.too_fast');
      return;
    }
    if (!message) {
      refuse('', undefined, 'kernel:message.parameter_error');
      return;
    }
    if (message.type === 'ping') {
      // Answered at once, not behind a slow handler: a late pong makes the client reconnect.
      const pong: PongMessage = { type: 'pong', time: Math.floor(deps.clock.now() / 1000) };
      send(pong);
      return;
    }
    const route = deps.routes.get(message.type);
    if (!route) {
      refuse(message.type, message.cid, 'kernel:socket.unknown_type', { type: message.type.slice(0, 40) });
      return;
    }
    tail = tail.then(() => (stopped ? undefined : dispatch(message, route)));
  };

  return {
    userId: user.id,
    send,
    receive,
    async close(code, reason) {
      stopped = true;
      if (socket.readyState === socket.CONNECTING || socket.readyState === socket.OPEN) socket.close(code, reason);
      const timer = setTimeout(() => socket.terminate(), CLOSE_WAIT_MS);
      await closed;
      clearTimeout(timer);
      // The handler under way finishes before the app closes the database it writes to.
      await tail;
    },
  };
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

/** True while fewer than `limit` hits fell within the last `windowMs` (refused hits do not count). */
function slidingWindow(limit: number, windowMs: number) {
  const hits: number[] = [];
  return {
    hit(): boolean {
      const now = performance.now();
      while (hits.length > 0 && now - hits[0] >= windowMs) hits.shift();
      if (hits.length >= limit) return false;
      hits.push(now);
      return true;
    },
  };
}
