/**
 * The sockets of a test server's node (kernel/server/testing.ts `t.socket(user)`, `t.socketUrl()`,
 * `t.closeSockets()`): real ones, the app listening on loopback once the first opens, on the same
 * port after a restart; `socket()` resolves once the hub has accepted the user's socket.
 */
import type { FastifyInstance } from 'fastify';
import { openTestSocket, type TestSocket } from './test-socket';
import type { TestServer } from './testing';

export type TestNodeSockets = Pick<TestServer, 'socket' | 'socketUrl' | 'closeSockets'>;

/** The sockets of one node; `node.app` is its current app (`restart()` replaces it). */
export function testNodeSockets(node: { readonly app: FastifyInstance }): TestNodeSockets {
  const sf = () => node.app.storefront;

  // Sockets are real: the app listens on loopback when the first one opens, on the same port after a restart.
  let port = 0;
  const sockets = new Set<TestSocket>();
  /** Sockets opened per user and app, to wait for the hub to accept each. */
  const opened = new WeakMap<object, Map<number, number>>();
  // One listen per app, however many sockets open at once.
  let listening: { app: FastifyInstance; done: Promise<void> } | null = null;
  const socketUrl = async () => {
    const path = sf().hubPath;
    if (!path) throw new Error("the test site has no `wss`, so no hub: leave `site.wss` at '/api/socket' or set one");
    if (listening?.app !== node.app) {
      const started = node.app.listen({ port, host: '127.0.0.1' }).then(() => {
        port = (node.app.server.address() as { port: number }).port;
      });
      listening = { app: node.app, done: started };
    }
    await listening.done;
    return `ws://127.0.0.1:${port}${path}`;
  };

  return {
    socketUrl,
    async socket(user, socketOptions = {}) {
      const url = new URL(await socketUrl());
      if (user) url.searchParams.set('token', user.token);
      if (socketOptions.lang) url.searchParams.set('lang', socketOptions.lang);
      // The token is checked after the socket opens (a database read): we wait until the hub has
      // accepted as many sockets of the user as were opened, so a push or `isOnline` right after
      // sees them on either database. Sockets opened by hand count too: start from the hub's count.
      const hub = sf().hub;
      const id = user && 'id' in user && typeof user.id === 'number' ? user.id : null;
      const perUser = opened.get(hub) ?? new Map<number, number>();
      opened.set(hub, perUser);
      const target = id === null ? 0 : Math.max(hub.accepted(id), perUser.get(id) ?? 0) + 1;
      if (id !== null) perUser.set(id, target);
      const socket = await openTestSocket(url.href);
      sockets.add(socket);
      void socket.closed.then(() => sockets.delete(socket));
      if (id !== null) {
        let open = true;
        void socket.closed.then(() => (open = false));
        const deadline = Date.now() + 5000;
        while (open && hub.accepted(id) < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
        // Refused (a locked account): it will never be accepted.
        if (hub.accepted(id) < target) perUser.set(id, Math.min(perUser.get(id) ?? 0, target - 1));
      }
      return socket;
    },
    async closeSockets() {
      await Promise.all(
        [...sockets].map((socket) => {
          socket.raw.terminate();
          return socket.closed;
        }),
      );
    },
  };
}
