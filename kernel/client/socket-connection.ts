/**
 * Carries out the socket state machine (./socket-machine.ts): owns the WebSocket and the timers,
 * feeds the machine what happens to them, and publishes its state. Loaded by ./socket.ts on the
 * first connect, so a page that never chats never downloads it.
 */
import { MAX_FRAME_BYTES, parseMessage, wireId, type PingMessage, type SocketMessage } from '../core/socket';
import { isStaffUser, type UserInfo } from '../core/user';
import type { Browser } from './browser';
import type { Session, SiteState, SocketStatus } from './kernel';
import { initialMachine, step, withJitter, type Effect, type Inputs, type Machine, type SocketEvent, type Timer } from './socket-machine';
import type { Handlers, OpenHandlers, WebSocketFactory, WebSocketLike } from './socket';
import { deliverPublic, letGo, safely, socketAddress, socketUrl } from './socket-visitor';

export { socketAddress, socketUrl } from './socket-visitor';

export interface ConnectionDeps {
  /** The valtio state the facade shows; the connection writes it. */
  state: SocketStatus;
  session: Session;
  site: SiteState;
  browser: Browser;
  createWebSocket: WebSocketFactory;
  /** The subscribers of incoming messages (all but pong), by type, and of opens. */
  handlers: Handlers;
  openHandlers: OpenHandlers;
  /**
   * The public subscribers, by type (a type stays once subscribed, its set perhaps empty): their
   * messages reach them on either connection, and the last of each is kept in `state.last`.
   */
  publicHandlers: Handlers;
  /** Jitter of the reconnect delay, in [0, 1) (default Math.random). */
  random?: () => number;
}

export interface Connection {
  /** Reads the session, the site's `wss` and the network again. */
  follow(): void;
  retry(): void;
  send(message: SocketMessage): boolean;
}

/**
 * Staff chat as `admin_<id>`: the user info's `is_staff` (from the login reply) makes a ping say
 * `admin_<id>`, a shopper's says `user_<id>`. The hub takes identity from the token either way.
 */
const isStaff = (user: UserInfo): boolean => isStaffUser(user);

const TIMER_EVENTS: Record<Timer, SocketEvent> = {
  reconnect: { type: 'reconnect-due' },
  ping: { type: 'ping-due' },
  pong: { type: 'pong-late' },
  linger: { type: 'linger-due' },
};

export function startConnection(deps: ConnectionDeps): Connection {
  let machine: Machine = initialMachine();
  let socket: WebSocketLike | null = null;
  const timers = new Map<Timer, ReturnType<typeof setTimeout>>();

  const inputs = (): Inputs => {
    const user = deps.session.state.user;
    const loggedIn = deps.session.state.loggedIn && user !== null;
    return {
      userId: loggedIn ? user.id : 0,
      token: loggedIn ? user.token : '',
      address: socketAddress(deps.site.config?.wss ?? '', deps.browser.pageUrl()),
      online: deps.browser.onLine(),
      wantsPublic: [...deps.publicHandlers.values()].some((set) => set.size > 0),
    };
  };

  const dispatch = (event: SocketEvent): void => {
    const next = step(machine, event);
    machine = next.machine;
    const { state } = deps;
    state.status = machine.status;
    state.attempts = machine.attempts;
    state.failed = machine.failed;
    state.lastError = machine.lastError;
    state.online = machine.online;
    next.effects.forEach(run);
  };

  const transmit = (ws: WebSocketLike, message: SocketMessage): boolean => {
    const frame = JSON.stringify(message);
    if (new TextEncoder().encode(frame).length > MAX_FRAME_BYTES) return false;
    try {
      ws.send(frame);
      return true;
    } catch {
      return false;
    }
  };

  const receive = (data: unknown): void => {
    const message = typeof data === 'string' ? parseMessage(data) : null;
    if (!message) return;
    if (message.type === 'pong') return dispatch({ type: 'pong' });
    // A visitor's anonymous connection carries public messages only.
    if (machine.userId) deps.handlers.get(message.type)?.forEach((handler) => safely(`\`${message.type}\``, handler, message));
    deliverPublic(deps.state, deps.publicHandlers, message);
  };

  const open = (url: string): void => {
    let ws: WebSocketLike;
    try {
      ws = deps.createWebSocket(url);
    } catch {
      // e.g. a content security policy refusing the address: fails like a connection that errs.
      void Promise.resolve().then(() => socket === null && machine.link === 'connecting' && dispatch({ type: 'error' }));
      return;
    }
    socket = ws;
    // Events of a socket already dropped (an error, then its close) are not news.
    ws.onopen = () => ws === socket && dispatch({ type: 'open' });
    ws.onclose = (event) => ws === socket && failed({ type: 'close', code: event.code });
    ws.onerror = () => ws === socket && failed({ type: 'error' });
    ws.onmessage = (event) => ws === socket && receive(event.data);
  };

  /** A failure while the network is down (its event may come later) waits for the network, not the backoff. */
  const failed = (event: SocketEvent): void => {
    if (!deps.browser.onLine()) connection.follow();
    else dispatch(event);
  };

  const drop = (): void => {
    const ws = socket;
    socket = null;
    if (ws) letGo(ws);
  };

  const sendPing = (): void => {
    const user = deps.session.state.user;
    if (!socket) return;
    if (!machine.userId) return void transmit(socket, { type: 'ping' });
    if (!user) return;
    const ping: PingMessage = { type: 'ping', uid: wireId(user.id, isStaff(user)), user_id: user.id };
    transmit(socket, ping);
  };

  function run(effect: Effect): void {
    switch (effect.type) {
      case 'connect':
        open(socketUrl(effect.address, effect.token));
        break;
      case 'disconnect':
        drop();
        break;
      case 'ping':
        sendPing();
        break;
      case 'arm': {
        clearTimeout(timers.get(effect.timer));
        const { timer } = effect;
        const ms = timer === 'reconnect' ? withJitter(effect.ms, (deps.random ?? Math.random)()) : effect.ms;
        const due = () => {
          timers.delete(timer);
          if (timer === 'reconnect' && !deps.browser.onLine()) connection.follow();
          else dispatch(TIMER_EVENTS[timer]);
        };
        timers.set(timer, setTimeout(due, ms));
        break;
      }
      case 'cancel':
        clearTimeout(timers.get(effect.timer));
        timers.delete(effect.timer);
        break;
      case 'opened':
        deps.openHandlers.forEach((handler) => safely('open', handler, { first: effect.first }));
        break;
    }
  }

  const connection: Connection = {
    follow: () => dispatch({ type: 'inputs', inputs: inputs() }),
    retry: () => dispatch({ type: 'retry' }),
    // A closing WebSocket drops what it is given without an error: only an open one counts.
    // A visitor's connection is read-only.
    send: (message) => (machine.userId !== 0 && machine.link === 'open' && socket?.readyState === 1 ? transmit(socket, message) : false),
  };
  connection.follow();
  return connection;
}
