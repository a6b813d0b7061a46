/**
 * The hub of one node made into the shop's hub, over the bus (../bus.ts), for several API nodes
 * on one PostgreSQL (on SQLite the bus is local and no other node ever speaks):
 *
 * - `send`, `broadcast` and `disconnect` reach the connections on every node (`broadcast` the
 *   visitors' read-only ones too). They return what
 *   *this* node delivered or closed: the others answer nothing back (a caller that needs to know
 *   whether anyone heard asks `isOnline`).
 * - `isOnline` and `online` answer for the whole shop, from this node's view of the others
 *   (./cluster-view.ts): a node announces its users coming online and going offline, answers a newcomer's `hello` with
 *   the list of its users, and beats every `heartbeatMs`; a node silent for `timeoutMs` is dropped,
 *   and its users go offline unless held elsewhere. A node closing says `bye` but keeps its users
 *   until the timeout: its clients reconnect to another node meanwhile, so a restart does not make
 *   everyone flicker offline and back.
 * - Presence listeners (`onPresence`, which run the plugins' presence handlers) hear each real
 *   change once, on one node: where it happened when no other node holds the user.
 * - Ended sessions travel separately (services/session-events.ts); `endSessions` stays local.
 */
import { topic, type Bus, type Topic } from '../bus';
import type { SocketMessage } from '../../core/socket';
import { createClusterView, type PresenceNews } from './cluster-view';
import type { Hub, PresenceListener } from './hub';

export interface ClusterOptions {
  /** How often a node tells the others it is alive (default 5 s). */
  heartbeatMs?: number;
  /** A node silent this long is dropped (default three heartbeats). */
  timeoutMs?: number;
}

export interface ClusterDeps extends ClusterOptions {
  log: { info(message: string): void };
}

export const HUB_SEND = topic<{ user: number; message: SocketMessage }>('hub.send');
export const HUB_BROADCAST = topic<{ message: SocketMessage }>('hub.broadcast');
export const HUB_DISCONNECT = topic<{ user: number; code?: number }>('hub.disconnect');
export const HUB_PRESENCE = topic<PresenceNews>('hub.presence');

export const HEARTBEAT_MS = 5000;

export function clusterHub(local: Hub, bus: Bus, deps: ClusterDeps): Hub {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const timeoutMs = deps.timeoutMs ?? 3 * heartbeatMs;
  const listeners = new Set<PresenceListener>();
  const announce: PresenceListener = (userId, online) => {
    for (const listener of listeners) listener(userId, online);
  };
  const view = createClusterView({
    node: bus.node,
    localUsers: () => local.service.online(),
    isLocal: (userId) => local.service.isOnline(userId),
    publish: (news) => bus.publish(HUB_PRESENCE, news),
    announce,
    log: deps.log,
  });
  const elsewhere = (from: string) => from !== bus.node;
  // No other node known: nothing to tell (a single node on PostgreSQL sends no NOTIFY per push),
  // except while the others' answers to this node's hello may still be on their way.
  const startedAt = Date.now();
  const tell = <T>(subject: Topic<T>, payload: T) => {
    if (view.others() > 0 || Date.now() - startedAt < timeoutMs) bus.publish(subject, payload);
  };

  const stops = [
    bus.subscribe(HUB_SEND, (p, from) => {
      if (elsewhere(from)) local.service.send(p.user, p.message);
    }),
    bus.subscribe(HUB_BROADCAST, (p, from) => {
      if (elsewhere(from)) local.service.broadcast(p.message);
    }),
    bus.subscribe(HUB_DISCONNECT, (p, from) => {
      if (elsewhere(from)) local.service.disconnect(p.user, p.code);
    }),
    bus.subscribe(HUB_PRESENCE, (news, from) => {
      if (elsewhere(from)) view.receive(from, news, Date.now());
    }),
    bus.onResume(() => view.join()),
    local.onPresence((userId, online) => view.local(userId, online)),
  ];
  const beat = setInterval(() => view.tick(Date.now(), timeoutMs), heartbeatMs);
  beat.unref();
  view.join();

  let stopped = false;
  return {
    service: {
      send(userId, message) {
        const delivered = local.service.send(userId, message);
        tell(HUB_SEND, { user: userId, message });
        return delivered;
      },
      isOnline: (userId) => local.service.isOnline(userId) || view.heldElsewhere(userId),
      online: () => [...new Set([...local.service.online(), ...view.usersElsewhere()])].sort((a, b) => a - b),
      broadcast(message) {
        const delivered = local.service.broadcast(message);
        tell(HUB_BROADCAST, { message });
        return delivered;
      },
      disconnect(userId, code) {
        const closed = local.service.disconnect(userId, code);
        tell(HUB_DISCONNECT, { user: userId, ...(code === undefined ? {} : { code }) });
        return closed;
      },
    },
    onPresence(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (connection) => local.add(connection),
    budget: (userId) => local.budget(userId),
    // A visitor's connection is local; broadcasts from the other nodes reach it through HUB_BROADCAST.
    addVisitor: (connection, ip) => local.addVisitor(connection, ip),
    visitorBudget: (ip) => local.visitorBudget(ip),
    visitors: () => local.visitors(),
    open: () => local.open(),
    endSessions: (event) => local.endSessions(event),
    async close() {
      await local.close();
      if (stopped) return;
      stopped = true;
      clearInterval(beat);
      view.leave();
      for (const stop of stops) stop();
    },
    get closing() {
      return local.closing;
    },
    accepted: (userId) => local.accepted(userId),
    connections: (userId) => local.connections(userId),
  };
}
