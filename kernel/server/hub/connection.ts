/**
 * One authenticated WebSocket: frames in (size-capped by `ws`, rate-limited per user, parsed),
 * pings answered at once, every other message handed to the plugin that handles its type, one at
 * a time in arrival order so a handler can store a message before it acknowledges it. Each frame
 * first checks that the connection's session still runs: a frame racing a logout is refused.
 */
import type { RawData, WebSocket } from 'ws';
import { BizError, HttpError } from '../../core/errors';
import { CLOSE_SESSION_ENDED, parseMessage, type PongMessage, type SocketErrorMessage, type SocketMessage } from '../../core/socket';
import { pluginScope, type CallDeps } from '../call-route';
import { isBusy } from '../db-postgres';
import type { AuthUser, Lang, SocketContext } from '../plugin';
import type { Budget } from './budget';
import type { SocketRoute } from './handlers';
import type { HubConnection } from './hub';
import { sendFrames } from './socket-send';

/** How long a closing socket may take to answer the close handshake before it is dropped. */
const CLOSE_WAIT_MS = 1000;

export interface ConnectionDeps extends CallDeps {
  routes: ReadonlyMap<string, SocketRoute>;
  log: { error(message: string): void };
}

/** Who is on the other end: the token's user and session, and the language they read. */
export interface Peer {
  user: AuthUser;
  session: string;
  lang: Lang;
  /** The message budget the user's connections share (hub.budget). */
  budget: Budget;
}

export interface Connection extends HubConnection {
  /** Feed it the socket's `message` events. */
  receive(data: RawData, isBinary: boolean): void;
}

export function openConnection(socket: WebSocket, peer: Peer, deps: ConnectionDeps): Connection {
  const { user, session, lang, budget } = peer;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // Handlers run one after the other; `stopped` drops those not yet started when the app closes.
  let tail: Promise<void> = Promise.resolve();
  let stopped = false;

  const send = (message: SocketMessage): boolean => sendFrames(socket, [message]);

  const refuse = (of: string, cid: unknown, key: string, params?: Record<string, string | number>) => {
    const error: SocketErrorMessage = { type: 'error', of, ...(typeof cid === 'string' ? { cid } : {}), msg: deps.i18n.t(lang, key, params) };
    send(error);
  };

  const contextFor = (plugin: string): SocketContext => ({ ...pluginScope(plugin, lang, deps), user, send: (message) => void send(message) });

  /**
   * Whether the session still runs, looked up per frame: the hub closes a connection when its
   * session ends, but a frame already on its way (or an end announced on another node) is
   * caught here. A dead session closes the connection.
   */
  const sessionRuns = async (): Promise<boolean> => {
    const alive = await deps.services.tokens.alive(session);
    if (!alive) void connection.close(CLOSE_SESSION_ENDED, 'session ended');
    return alive && !stopped;
  };

  const dispatch = async (message: SocketMessage, route: SocketRoute) => {
    try {
      if (!(await sessionRuns())) return;
      // Toggles are read per message: a plugin switched off stops handling at once.
      if (!deps.site.isEnabled(route.plugin)) {
        refuse(message.type, message.cid, 'kernel:message.plugin_disabled', { plugin: route.plugin });
        return;
      }
      await route.handler(message, contextFor(route.plugin));
    } catch (error) {
      if (error instanceof BizError || error instanceof HttpError) {
        refuse(message.type, message.cid, error.key, error.params);
        return;
      }
      // A database conflict that outlived its retries: busy, as the HTTP calls answer it.
      if (isBusy(error)) {
        refuse(message.type, message.cid, 'kernel:message.busy');
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
    if (!budget.hit()) {
      refuse(message?.type ?? '', message?.cid, 'kernel:socket.too_fast');
      return;
    }
    if (!message) {
      refuse('', undefined, 'kernel:message.parameter_error');
      return;
    }
    if (message.type === 'ping') {
      // Answered at once, not behind a slow handler: a late pong makes the client reconnect.
      void sessionRuns().then(
        (alive) => {
          const pong: PongMessage = { type: 'pong', time: Math.floor(deps.clock.now() / 1000) };
          if (alive) send(pong);
        },
        (error: unknown) => {
          deps.log.error(`socket ping of user ${user.id}: the session could not be checked: ${(error as Error)?.stack ?? String(error)}`);
          refuse('ping', undefined, 'kernel:message.server_exception');
        },
      );
      return;
    }
    const route = deps.routes.get(message.type);
    if (!route) {
      refuse(message.type, message.cid, 'kernel:socket.unknown_type', { type: message.type.slice(0, 40) });
      return;
    }
    tail = tail.then(() => (stopped ? undefined : dispatch(message, route)));
  };

  const connection: Connection = {
    userId: user.id,
    session,
    send,
    sendMany: (messages) => sendFrames(socket, messages),
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
  return connection;
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}
