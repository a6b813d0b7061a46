/**
 * A WebSocket client of a node's hub for the multi-node tests: every message kept in order,
 * `next(type)` waits for the next one of a type. Like the browser's, it reconnects only when told.
 */
import WebSocket from 'ws';

export interface NodeSocket {
  send(message: object): void;
  next<M = Record<string, unknown>>(type: string, timeoutMs?: number): Promise<M>;
  /** Resolves once the hub has answered a ping: it holds the connection. */
  ready(): Promise<void>;
  readonly closed: Promise<number>;
  close(): void;
}

export function openSocket(baseUrl: string, token: string): Promise<NodeSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/socket?token=${encodeURIComponent(token)}`;
  const raw = new WebSocket(url);
  const unread: Record<string, unknown>[] = [];
  const waiting: { type: string; resolve(m: Record<string, unknown>): void }[] = [];
  raw.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>;
    const index = waiting.findIndex((w) => w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else unread.push(message);
  });
  const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)));
  const socket: NodeSocket = {
    send: (message) => raw.send(JSON.stringify(message)),
    next<M>(type: string, timeoutMs = 5000) {
      const index = unread.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(unread.splice(index, 1)[0] as M);
      return new Promise<M>((resolve, reject) => {
        const waiter = { type, resolve: (m: Record<string, unknown>) => (clearTimeout(timer), resolve(m as M)) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no ${type} within ${timeoutMs} ms on ${baseUrl}; unread: ${JSON.stringify(unread)}`));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    async ready() {
      socket.send({ type: 'ping' });
      await socket.next('pong');
    },
    closed,
    close: () => raw.close(),
  };
  return new Promise((resolve, reject) => {
    raw.once('open', () => resolve(socket));
    raw.once('error', reject);
  });
}
