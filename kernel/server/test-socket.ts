/**
 * The test servers' WebSocket client (kernel/server/testing.ts `t.socket(user)`): every message
 * kept in order, `next(type)` waiting for the first not yet taken, `closed` with the close code,
 * and `roundTrip()` to show that something did not come.
 */
import { WebSocket } from 'ws';
import type { PongMessage, SocketMessage } from '../core/socket';

export interface TestSocketOptions {
  /** The `lang` query parameter (`en`, `zh-Hans`); left out, the hub answers in Simplified Chinese. */
  lang?: string;
}

/** A real WebSocket client connected to the hub. */
export interface TestSocket {
  /** A message as JSON; a string is sent as it is (for garbage). */
  send(message: SocketMessage | string): void;
  /**
   * The first message not yet taken by `next` (of `type`, when given), waiting up to `timeoutMs`
   * (default 2000); rejects at once when the socket closes first.
   */
  next<M extends SocketMessage = SocketMessage>(type?: string, timeoutMs?: number): Promise<M>;
  /** Every message received, in order. */
  readonly messages: SocketMessage[];
  /**
   * Pings the hub and waits for the pong. One connection keeps its order, so whatever the server
   * had written to this socket before it read the ping has arrived by then: after the round trip,
   * a message that is not in `messages` was not sent before it. The pong stays in `messages`.
   * (Have no ping of your own in flight: its pong would do.)
   */
  roundTrip(): Promise<PongMessage>;
  /** Closes from the client side and resolves once closed. */
  close(): Promise<void>;
  /** Resolves with the close code and reason, whoever closed it. */
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly raw: WebSocket;
}

export function openTestSocket(url: string): Promise<TestSocket> {
  const raw = new WebSocket(url);
  const messages: SocketMessage[] = [];
  const unread: SocketMessage[] = [];
  const waiting: { type?: string; resolve(message: SocketMessage): void; reject(error: Error): void }[] = [];
  let closedAs: { code: number; reason: string } | null = null;

  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    raw.on('close', (code, reason) => {
      closedAs = { code, reason: reason.toString() };
      for (const waiter of waiting.splice(0)) waiter.reject(new Error(`the socket closed (${code}) before a ${waiter.type ?? 'message'} came; received ${JSON.stringify(messages)}`));
      resolve(closedAs);
    });
  });

  raw.on('message', (data) => {
    const message = JSON.parse(String(data)) as SocketMessage;
    messages.push(message);
    const index = waiting.findIndex((w) => w.type === undefined || w.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0].resolve(message);
    else unread.push(message);
  });

  const socket: TestSocket = {
    send: (message) => raw.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next<M extends SocketMessage>(type?: string, timeoutMs = 2000) {
      const index = unread.findIndex((m) => type === undefined || m.type === type);
      if (index >= 0) return Promise.resolve(unread.splice(index, 1)[0] as M);
      if (closedAs) return Promise.reject(new Error(`the socket is closed (${closedAs.code}); received ${JSON.stringify(messages)}`));
      return new Promise<M>((resolve, reject) => {
        const waiter = {
          type,
          resolve: (m: SocketMessage) => {
            clearTimeout(timer);
            resolve(m as M);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new Error(`no ${type ?? 'message'} within ${timeoutMs} ms; received ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiting.push(waiter);
      });
    },
    messages,
    async roundTrip() {
      const before = messages.length;
      socket.send({ type: 'ping' });
      for (;;) {
        const pong = await socket.next<PongMessage>('pong');
        // An older pong nobody took is not the answer.
        if (messages.indexOf(pong) >= before) return pong;
      }
    },
    async close() {
      raw.close();
      await closed;
    },
    closed,
    raw,
  };

  return new Promise((resolve, reject) => {
    raw.once('open', () => resolve(socket));
    // After opening, an error is followed by `close`, which is what tests look at.
    raw.on('error', (error) => reject(new Error(`the socket to ${url} did not open: ${error.message}`)));
  });
}
