/**
 * The open connections of one app, by user, and the `hub` service plugins push through
 * (`services.hub`). Connections live in memory: closing the app closes them, and a client
 * reconnects to the next one. A user with several tabs has several connections; all receive.
 */
import type { SocketMessage } from '../../core/socket';
import type { ServerServices } from '../plugin';

/** What the hub needs of a connection (kernel/server/hub/connection.ts). */
export interface HubConnection {
  readonly userId: number;
  /** False once the socket is closing or closed. */
  send(message: SocketMessage): boolean;
  /** Closes the socket and resolves once it is closed (or forcibly dropped after a short wait). */
  close(code: number, reason?: string): Promise<void>;
}

/** The close code of a server going away (a restart): clients reconnect. */
export const CLOSE_GOING_AWAY = 1001;

export interface Hub {
  service: ServerServices['hub'];
  /** Tracks an authenticated connection; the returned function forgets it. */
  add(connection: HubConnection): () => void;
  /** Closes every connection (the app is closing); new ones are refused from now on. */
  close(): Promise<void>;
  readonly closing: boolean;
}

export function createHub(): Hub {
  const byUser = new Map<number, Set<HubConnection>>();
  let closing = false;

  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  const sendAll = (connections: Iterable<HubConnection>, message: SocketMessage) => {
    let delivered = 0;
    for (const connection of connections) if (connection.send(message)) delivered += 1;
    return delivered;
  };

  const forget = (connection: HubConnection) => {
    const set = byUser.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) byUser.delete(connection.userId);
  };

  return {
    service: {
      send: (userId, message) => sendAll(byUser.get(userId) ?? [], message),
      isOnline: (userId) => byUser.has(userId),
      online: () => [...byUser.keys()].sort((a, b) => a - b),
      broadcast: (message) => sendAll(all(), message),
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
      set.add(connection);
      byUser.set(connection.userId, set);
      return () => forget(connection);
    },
    async close() {
      closing = true;
      const connections = all();
      byUser.clear();
      await Promise.all(connections.map((c) => c.close(CLOSE_GOING_AWAY)));
    },
    get closing() {
      return closing;
    },
  };
}
