/**
 * Broadcasts leave in batches: every open page hears every purchase of a flash sale, and a write
 * per message per socket was most of a node's work under the crowd (issue #26's bench: 100
 * purchases × 500 sockets, ~40 µs a write). A broadcast after a quiet spell leaves at the end of
 * the event loop's turn; while they keep coming, at most one batch leaves every `everyMs`, each
 * message still a frame of its own, in order (./socket-send.ts). So a push is late by `everyMs`
 * at most, and a node writes to each socket at most 1000 / `everyMs` times a second.
 */
import type { SocketMessage } from '../../core/socket';

/** The least time between two batches. */
export const BROADCAST_EVERY_MS = 50;

export interface Broadcasts {
  add(message: SocketMessage): void;
  /** Drops what has not left (the hub is closing). */
  stop(): void;
}

export function batchedBroadcasts(send: (messages: readonly SocketMessage[]) => void, everyMs = BROADCAST_EVERY_MS): Broadcasts {
  let batch: SocketMessage[] | null = null;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let immediate: ReturnType<typeof setImmediate> | null = null;
  const flush = () => {
    timer = immediate = null;
    const messages = batch ?? [];
    batch = null;
    last = performance.now();
    if (messages.length > 0) send(messages);
  };
  return {
    add(message) {
      if (!batch) {
        batch = [];
        const wait = last + everyMs - performance.now();
        if (wait > 0) timer = setTimeout(flush, wait);
        else immediate = setImmediate(flush);
      }
      batch.push(message);
    },
    stop() {
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = immediate = null;
      batch = null;
    },
  };
}
