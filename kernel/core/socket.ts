/**
 * The WebSocket wire (spec §4, §7): JSON text frames `{ type, ... }` between the browser's socket
 * service (kernel/client/socket.ts) and the server's hub (kernel/server/hub/). Both sides import
 * these shapes; plugins add their own message types (chat: `single`, `read_msg`; seckill: `seckill`).
 *
 * Connecting: `new WebSocket(<wss>?token=<access token>)`, where `wss` is the site config's address
 * (absolute `ws(s)://…`, or a path such as `/api/socket` on the page's own host). A connection
 * without a valid token is closed with CLOSE_UNAUTHORISED; the client does not retry that one
 * until the session has a new token. A connection whose session ends is closed with
 * CLOSE_SESSION_ENDED, and its later frames are refused.
 *
 * Visitors: `new WebSocket(<wss>?public=1)` (no token) opens an anonymous, read-only connection. It
 * receives only what the server broadcasts to everyone (`services.hub.broadcast`, e.g. `seckill`),
 * may send `{ type: 'ping' }` (answered with a pong) and nothing else (an `error` with
 * `kernel:message.login_required` answers anything else). The hub caps them per IP and per node:
 * past the cap a new one is closed with CLOSE_TOO_MANY.
 */

/** Connection states of spec §4. */
export const SOCKET_STATE = { initial: -2, reconnecting: 0, open: 1, destroyed: -1 } as const;
export type SocketState = (typeof SOCKET_STATE)[keyof typeof SOCKET_STATE];

/** Spec §9: ping every 30 s, a pong within 1 s, at most 10 reconnects before giving up (manual retry). */
export const PING_EVERY_MS = 30_000;
export const PONG_WAIT_MS = 1_000;
export const RECONNECT_LIMIT = 10;

/**
 * Close codes the hub uses (4000–4999 are the application's). The client reconnects after none
 * of them: UNAUTHORISED (the token was refused), REPLACED (the user opened more connections than
 * the hub keeps, this, the oldest, gave way), SESSION_ENDED (logout, a password change elsewhere
 * or a revocation ended the session the token belongs to).
 */
export const CLOSE_UNAUTHORISED = 4401;
export const CLOSE_REPLACED = 4409;
export const CLOSE_SESSION_ENDED = 4440;
/** A visitor's connection refused: too many anonymous connections from that IP or on that node. */
export const CLOSE_TOO_MANY = 4429;

/** The query parameter (`public=1`) of a visitor's anonymous connection. */
export const PUBLIC_PARAM = 'public';
export const CLOSE_TOO_LARGE = 1009;

/** The largest text frame the hub accepts (a chat message is far smaller). */
export const MAX_FRAME_BYTES = 16 * 1024;

/** Any message: its `type` names the handler. */
export interface SocketMessage {
  type: string;
  [field: string]: unknown;
}

/**
 * Client → hub on open and every 30 s; `uid` is the wire id (`user_12`), `user_id` the number.
 * A visitor's anonymous connection sends `{ type: 'ping' }` alone.
 */
export interface PingMessage extends SocketMessage {
  type: 'ping';
  uid: string;
  user_id: number;
}

/** Hub → client, answering a ping: the server time in unix seconds. */
export interface PongMessage extends SocketMessage {
  type: 'pong';
  time: number;
}

/** Hub → client when a message could not be handled: the handler's refusal, in the user's language. */
export interface SocketErrorMessage extends SocketMessage {
  type: 'error';
  /** The `type` of the message that failed, and its client id when it carried one (`cid`). */
  of: string;
  cid?: string;
  msg: string;
}

/**
 * Hub → client: a user the receiver shares a chat room with came online (their first connection
 * opened) or went offline (their last one closed). `user_id` is the number: the same account is
 * `user_<id>` in one room and `admin_<id>` in another.
 */
export interface PresenceMessage extends SocketMessage {
  type: 'presence';
  user_id: number;
  online: boolean;
}

/** Chat user ids on the wire (spec §3): shoppers `user_<id>`, staff `admin_<id>`. */
export const wireId = (id: number, isStaff: boolean): string => `${isStaff ? 'admin' : 'user'}_${id}`;

/** `user_12` → { id: 12, isStaff: false }; null for anything else. */
export function parseWireId(value: unknown): { id: number; isStaff: boolean } | null {
  if (typeof value !== 'string') return null;
  const match = /^(user|admin)_([1-9]\d{0,15})$/.exec(value);
  return match ? { id: Number(match[2]), isStaff: match[1] === 'admin' } : null;
}

/** A frame as a message, or null when it is not a JSON object with a string `type`. */
export function parseMessage(text: string): SocketMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string') {
      return value as SocketMessage;
    }
  } catch {
    // not JSON
  }
  return null;
}
