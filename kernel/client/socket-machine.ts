/**
 * The chat connection's state machine (spec §4) as a pure function: the machine and an event give
 * the next machine and the effects to carry out (open or drop the WebSocket, arm or cancel a timer,
 * send a ping, announce an open). ./socket-connection.ts carries them out; nothing here touches a
 * socket, a timer or the session.
 *
 * A logged-in user's connection carries the token. A visitor (user id 0) connects only while a
 * public subscriber wants it (`wantsPublic`), anonymously (`token: ''`, `?public=1`, read-only):
 * it announces no open (the chat's `onOpen` is for users), is dropped PUBLIC_LINGER_MS after the
 * subscribers are gone, and gives way to the user's connection on a login.
 */
import { CLOSE_REPLACED, CLOSE_SESSION_ENDED, CLOSE_UNAUTHORISED, PING_EVERY_MS, PONG_WAIT_MS, RECONNECT_LIMIT, SOCKET_STATE, type SocketState } from '../core/socket';
import { PUBLIC_LINGER_MS, reconnectDelay } from './socket-timing';

export { MAX_RECONNECT_DELAY_MS, PUBLIC_LINGER_MS, RECONNECT_JITTER, reconnectDelay, withJitter } from './socket-timing';

/** What the connection follows: who is logged in, where the hub is, whether there is a network. */
export interface Inputs {
  /** 0 when logged out (spec: "when the user id becomes 0 the chat is destroyed"). */
  userId: number;
  token: string;
  /** The hub's address without the token; '' when the site configures no `wss`. */
  address: string;
  online: boolean;
  /** A public subscriber exists (kernel.socket.onPublic): a visitor connects anonymously. Left out: unchanged. */
  wantsPublic?: boolean;
}

export type Timer = 'reconnect' | 'ping' | 'pong' | 'linger';

export interface Machine extends Inputs {
  status: SocketState;
  /** Reconnects since the last open (a login, `retry()` or a regained network also starts again from 0). */
  attempts: number;
  /** Gave up: the reconnect limit is reached, or the hub refused the token, ended its session or replaced the connection. */
  failed: boolean;
  lastError: string | null;
  link: 'none' | 'connecting' | 'open';
  /** A reconnect timer is armed. */
  waiting: boolean;
  /** The token the hub refused (CLOSE_UNAUTHORISED) or whose session ended (CLOSE_SESSION_ENDED): not offered again. */
  refused: string | null;
  /** Opened since the login: the next open is not the first. */
  openedBefore: boolean;
  /** A visitor's connection whose public subscribers are gone, kept until the linger timer. */
  lingering: boolean;
}

export type SocketEvent =
  | { type: 'inputs'; inputs: Inputs }
  | { type: 'open' }
  | { type: 'close'; code: number }
  | { type: 'error' }
  | { type: 'pong' }
  | { type: 'ping-due' }
  | { type: 'pong-late' }
  | { type: 'reconnect-due' }
  | { type: 'linger-due' }
  | { type: 'retry' };

export type Effect =
  | { type: 'connect'; address: string; token: string }
  /** Forget the current WebSocket, closing it if it is still up. */
  | { type: 'disconnect' }
  | { type: 'ping' }
  | { type: 'arm'; timer: Timer; ms: number }
  | { type: 'cancel'; timer: Timer }
  | { type: 'opened'; first: boolean };

export interface Step {
  machine: Machine;
  effects: Effect[];
}

const { initial: INITIAL, reconnecting: RECONNECTING, open: OPEN, destroyed: DESTROYED } = SOCKET_STATE;

export function initialMachine(): Machine {
  return {
    userId: 0,
    token: '',
    address: '',
    online: true,
    wantsPublic: false,
    status: INITIAL,
    attempts: 0,
    failed: false,
    lastError: null,
    link: 'none',
    waiting: false,
    refused: null,
    openedBefore: false,
    lingering: false,
  };
}

export function step(current: Machine, event: SocketEvent): Step {
  const m: Machine = { ...current };
  const fx: Effect[] = [];
  switch (event.type) {
    case 'inputs':
      follow(m, event.inputs, fx);
      break;
    case 'open':
      if (m.link !== 'connecting') break;
      Object.assign(m, { link: 'open', status: OPEN, attempts: 0, failed: false, lastError: null });
      ping(fx);
      if (!m.userId) break;
      fx.push({ type: 'opened', first: !m.openedBefore });
      m.openedBefore = true;
      break;
    case 'ping-due':
      if (m.link === 'open') ping(fx);
      break;
    case 'pong':
      if (m.link === 'open') fx.push({ type: 'cancel', timer: 'pong' });
      break;
    case 'pong-late':
      if (m.link === 'open') lost(m, 'no pong', fx);
      break;
    case 'error':
      if (m.link !== 'none') lost(m, 'error', fx);
      break;
    case 'close':
      closed(m, event.code, fx);
      break;
    case 'linger-due':
      m.lingering = false;
      if (!wants(m)) dropVisitor(m, fx);
      break;
    case 'reconnect-due':
      m.waiting = false;
      if (canConnect(m)) connect(m, fx);
      break;
    case 'retry':
      if (!wants(m) || !m.address) break;
      Object.assign(m, { attempts: 0, failed: false, refused: null, lastError: null });
      if (m.waiting) {
        m.waiting = false;
        fx.push({ type: 'cancel', timer: 'reconnect' });
      }
      if (m.online && m.link === 'none') connect(m, fx);
      break;
  }
  return { machine: m, effects: fx };
}

/** Session, site config or network changed. */
function follow(m: Machine, inputs: Inputs, fx: Effect[]): void {
  const before = { ...m };
  Object.assign(m, inputs);
  if (m.lingering && (m.wantsPublic || m.userId)) {
    m.lingering = false;
    fx.push({ type: 'cancel', timer: 'linger' });
  }
  if (inputs.userId !== before.userId) {
    // Logout (or another user): destroy and clear; the next login starts from scratch.
    if (before.userId !== 0) {
      shut(m, fx);
      m.status = DESTROYED;
    } else if (m.link !== 'none' || m.waiting) {
      // A login: the visitor's anonymous connection gives way to the user's.
      shut(m, fx);
    }
    Object.assign(m, { attempts: 0, failed: false, lastError: null, refused: null, openedBefore: false });
  }
  if (!wants(m)) {
    // Logged out, and the last public subscriber just left: the visitor's connection stays a moment.
    if (before.wantsPublic && !before.userId && (m.link !== 'none' || m.waiting)) {
      m.lingering = true;
      fx.push({ type: 'arm', timer: 'linger', ms: PUBLIC_LINGER_MS });
    } else dropVisitor(m, fx);
    return;
  }
  if (!m.address) {
    // No chat server configured: nothing is done (spec §4).
    shut(m, fx);
    if (m.status !== DESTROYED) m.status = INITIAL;
    return;
  }
  if (m.address !== before.address && (m.link !== 'none' || m.waiting)) {
    shut(m, fx);
    Object.assign(m, { attempts: 0, failed: false });
  }
  if (!m.online) {
    // Network lost: close, and wait for it instead of burning reconnects.
    shut(m, fx);
    m.status = RECONNECTING;
    return;
  }
  if (m.refused !== null && m.token !== m.refused) Object.assign(m, { refused: null, attempts: 0, failed: false });
  if (!before.online && m.refused === null) Object.assign(m, { attempts: 0, failed: false });
  if (canConnect(m)) connect(m, fx);
}

/** Someone to connect for: a logged-in user, or a visitor with a public subscriber (or lingering). */
function wants(m: Machine): boolean {
  return m.userId !== 0 || m.wantsPublic === true || m.lingering;
}

/** No user and no public subscriber: a visitor's anonymous connection, if any, is dropped. */
function dropVisitor(m: Machine, fx: Effect[]): void {
  if (m.link !== 'none' || m.waiting) shut(m, fx);
  Object.assign(m, { attempts: 0, failed: false, lastError: null });
  if (m.status !== DESTROYED) m.status = INITIAL;
}

function canConnect(m: Machine): boolean {
  return wants(m) && m.address !== '' && m.online && !m.failed && m.refused === null && m.link === 'none' && !m.waiting;
}

function connect(m: Machine, fx: Effect[]): void {
  m.link = 'connecting';
  m.status = RECONNECTING;
  fx.push({ type: 'connect', address: m.address, token: m.token });
}

/** Ping now, expect the pong within 1 s, ping again in 30 s. */
function ping(fx: Effect[]): void {
  fx.push({ type: 'arm', timer: 'pong', ms: PONG_WAIT_MS }, { type: 'ping' }, { type: 'arm', timer: 'ping', ms: PING_EVERY_MS });
}

/** No connection and no timer left. */
function shut(m: Machine, fx: Effect[]): void {
  if (m.link !== 'none') fx.push({ type: 'disconnect' });
  m.link = 'none';
  m.waiting = false;
  fx.push({ type: 'cancel', timer: 'ping' }, { type: 'cancel', timer: 'pong' }, { type: 'cancel', timer: 'reconnect' });
}

function lost(m: Machine, why: string, fx: Effect[]): void {
  shut(m, fx);
  m.lastError = why;
  reconnectLater(m, fx);
}

/** Close codes after which the machine does not reconnect by itself, with the `lastError` each leaves. */
const GIVE_UP: Record<number, string> = {
  [CLOSE_UNAUTHORISED]: 'unauthorised',
  [CLOSE_SESSION_ENDED]: 'session ended',
  [CLOSE_REPLACED]: 'replaced',
};

function closed(m: Machine, code: number, fx: Effect[]): void {
  if (m.link === 'none') return;
  shut(m, fx);
  const gaveUp = GIVE_UP[code];
  if (gaveUp) {
    // Retrying a dead token, or fighting the connection that replaced this one, cannot help.
    if (code !== CLOSE_REPLACED) m.refused = m.token;
    Object.assign(m, { status: RECONNECTING, failed: true, lastError: gaveUp });
    return;
  }
  m.lastError = `closed ${code}`;
  reconnectLater(m, fx);
}

function reconnectLater(m: Machine, fx: Effect[]): void {
  m.status = RECONNECTING;
  if (!wants(m) || !m.address || !m.online) return;
  if (m.attempts >= RECONNECT_LIMIT) {
    m.failed = true;
    return;
  }
  m.attempts += 1;
  m.waiting = true;
  fx.push({ type: 'arm', timer: 'reconnect', ms: reconnectDelay(m.attempts) });
}
