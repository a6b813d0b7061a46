/**
 * The open connections of one app, by user, and the `hub` service plugins push through
 * (`services.hub`). Connections live in memory: closing the app closes them, and a client
 * reconnects to the next one. A user with several tabs has several connections; all receive,
 * all share one message budget, and past MAX_SOCKETS_PER_USER the oldest is closed as replaced.
 * A session that ends (logout, revocation, a password change) closes its connections at once.
 *
 * Visitors (no login) may hold read-only connections (`?public=1`, ./visitor.ts): they receive
 * what `broadcast` sends and nothing else, count neither as users nor for presence, and are
 * capped per IP (MAX_VISITORS_PER_IP) and per node (MAX_VISITORS) so they cannot exhaust it.
 */
import { CLOSE_REPLACED, CLOSE_SESSION_ENDED, type SocketMessage } from '../../core/socket';
import type { ServerServices } from '../plugin';
import type { SessionsEnded } from '../services/session-events';
import { batchedBroadcasts } from './broadcasts';
import { slidingWindow, SOCKET_RATE, type Budget } from './budget';

/** What the hub needs of a connection (kernel/server/hub/connection.ts). */
export interface HubConnection {
  readonly userId: number;
  /** The session (login) whose access token opened it; see ServerServices['tokens']. */
  readonly session: string;
  /** False once the socket is closing or closed. */
  send(message: SocketMessage): boolean;
  /** Several messages, a frame each, in one write to the network (./socket-send.ts). */
  sendMany(messages: readonly SocketMessage[]): boolean;
  /** Closes the socket and resolves once it is closed (or forcibly dropped after a short wait). */
  close(code: number, reason?: string): Promise<void>;
}

/** A visitor's read-only connection (./visitor.ts): it only receives broadcasts. */
export type VisitorConnection = Pick<HubConnection, 'send' | 'sendMany' | 'close'>;

/** The close code of a server going away (a restart): clients reconnect. */
export const CLOSE_GOING_AWAY = 1001;

/** Open connections one user may hold; the next one closes the oldest (CLOSE_REPLACED). */
export const MAX_SOCKETS_PER_USER = 10;

/** Anonymous connections one IP may hold, and one node in all; past them a new one is closed (CLOSE_TOO_MANY). */
export const MAX_VISITORS_PER_IP = 20;
export const MAX_VISITORS = 5000;

export interface HubLimits {
  visitorsPerIp?: number;
  visitors?: number;
}

/** A user's first connection opened (`online`), or their last one closed. */
export type PresenceListener = (userId: number, online: boolean) => void;

export interface Hub {
  service: ServerServices['hub'];
  /**
   * Hears when users come online and go offline (not when the app closes: nobody is left to
   * tell). Called synchronously, so a listener must not throw; the returned function unsubscribes.
   */
  onPresence(listener: PresenceListener): () => void;
  /** Tracks an authenticated connection; the returned function forgets it. */
  add(connection: HubConnection): () => void;
  /** The message budget the user's connections share. */
  budget(userId: number): Budget;
  /**
   * Tracks a visitor's read-only connection from `ip`; the returned function forgets it. Null when
   * the limits refuse it (or the hub is closing): the caller closes it with CLOSE_TOO_MANY.
   */
  addVisitor(connection: VisitorConnection, ip: string): (() => void) | null;
  /** The message budget the visitors of one IP share. */
  visitorBudget(ip: string): Budget;
  /** Visitors' connections open on this node now (tests wait for it). */
  visitors(): number;
  /** Every connection open on this node now, users' and visitors' (the metric `sockets_open`). */
  open(): number;
  /** Closes the connections of sessions that ended (subscribed to the token service's events). */
  endSessions(event: SessionsEnded): number;
  /** Closes every connection (the app is closing); new ones are refused from now on. */
  close(): Promise<void>;
  readonly closing: boolean;
  /** Connections of a user accepted so far (tests wait for it after opening sockets). */
  accepted(userId: number): number;
  /**
   * Connections of a user open on this node now. Tests wait for it after closing a socket: the
   * hub has then forgotten it, and announced the user offline if it was their last.
   */
  connections(userId: number): number;
}

export function createHub(limits: HubLimits = {}): Hub {
  const perIp = limits.visitorsPerIp ?? MAX_VISITORS_PER_IP;
  const maxVisitors = limits.visitors ?? MAX_VISITORS;
  const visitors = new Map<VisitorConnection, string>();
  const visitorsByIp = new Map<string, number>();
  const ipBudgets = new Map<string, Budget>();
  // Sets keep insertion order: the first connection of a user is the oldest.
  const byUser = new Map<number, Set<HubConnection>>();
  const budgets = new Map<number, Budget>();
  let closing = false;
  const accepted = new Map<number, number>();
  const presence = new Set<PresenceListener>();
  const announce = (userId: number, online: boolean) => {
    for (const listener of presence) listener(userId, online);
  };

  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  const connectionCount = () => {
    let count = 0;
    for (const set of byUser.values()) count += set.size;
    return count;
  };
  const sendAll = (connections: Iterable<VisitorConnection>, message: SocketMessage) => {
    let delivered = 0;
    for (const connection of connections) if (connection.send(message)) delivered += 1;
    return delivered;
  };
  // Sent in batches, one write per socket (./broadcasts.ts).
  const broadcasts = batchedBroadcasts((messages) => {
    for (const connection of [...all(), ...visitors.keys()]) connection.sendMany(messages);
  });
  const forget = (connection: HubConnection) => {
    const set = byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) {
      byUser.delete(connection.userId);
      // A budget still counting stays, so reconnecting does not reset it.
      if (budgets.get(connection.userId)?.idle()) budgets.delete(connection.userId);
      announce(connection.userId, false);
    }
  };
  /** Forgotten at once (no push reaches it any more), then closed. */
  const drop = (connection: HubConnection, code: number, reason: string) => {
    forget(connection);
    void connection.close(code, reason);
  };

  return {
    service: {
      send: (userId, message) => sendAll(byUser.get(userId) ?? [], message),
      isOnline: (userId) => byUser.has(userId),
      online: () => [...byUser.keys()].sort((a, b) => a - b),
      broadcast(message) {
        if (closing) return 0;
        broadcasts.add(message);
        return connectionCount() + visitors.size;
      },
      disconnect(userId, code = CLOSE_GOING_AWAY) {
        const connections = [...(byUser.get(userId) ?? [])];
        for (const connection of connections) void connection.close(code);
        return connections.length;
      },
    },
    add(connection) {
      if (closing) {
        void connection.close(CLOSE_GOING_AWAY);
        return () => undefined;
      }
      const set = byUser.get(connection.userId) ?? new Set();
      while (set.size >= MAX_SOCKETS_PER_USER) drop(set.values().next().value!, CLOSE_REPLACED, 'too many connections');
      const first = !byUser.has(connection.userId);
      set.add(connection);
      byUser.set(connection.userId, set);
      accepted.set(connection.userId, (accepted.get(connection.userId) ?? 0) + 1);
      if (first) announce(connection.userId, true);
      return () => forget(connection);
    },
    addVisitor(connection, ip) {
      const count = visitorsByIp.get(ip) ?? 0;
      if (closing || count >= perIp || visitors.size >= maxVisitors) return null;
      visitors.set(connection, ip);
      visitorsByIp.set(ip, count + 1);
      return () => {
        if (!visitors.delete(connection)) return;
        const left = (visitorsByIp.get(ip) ?? 1) - 1;
        if (left > 0) visitorsByIp.set(ip, left);
        else {
          visitorsByIp.delete(ip);
          if (ipBudgets.get(ip)?.idle()) ipBudgets.delete(ip);
        }
      };
    },
    visitorBudget(ip) {
      let budget = ipBudgets.get(ip);
      if (!budget) ipBudgets.set(ip, (budget = slidingWindow(SOCKET_RATE.messages, SOCKET_RATE.perMs)));
      return budget;
    },
    visitors: () => visitors.size,
    open: () => connectionCount() + visitors.size,
    onPresence(listener) {
      presence.add(listener);
      return () => presence.delete(listener);
    },
    budget(userId) {
      let budget = budgets.get(userId);
      if (!budget) budgets.set(userId, (budget = slidingWindow(SOCKET_RATE.messages, SOCKET_RATE.perMs)));
      return budget;
    },
    endSessions({ userId, sessions }) {
      const ended = [...(byUser.get(userId) ?? [])].filter((c) => sessions.includes(c.session));
      for (const connection of ended) drop(connection, CLOSE_SESSION_ENDED, 'session ended');
      return ended.length;
    },
    async close() {
      closing = true;
      broadcasts.stop();
      const connections = [...all(), ...visitors.keys()];
      byUser.clear();
      visitors.clear();
      visitorsByIp.clear();
      await Promise.all(connections.map((c) => c.close(CLOSE_GOING_AWAY)));
    },
    get closing() {
      return closing;
    },
    accepted: (userId) => accepted.get(userId) ?? 0,
    connections: (userId) => byUser.get(userId)?.size ?? 0,
  };
}
