/**
 * How fast one user may send, across every connection they hold: ten tabs share one budget, so
 * opening more sockets buys no more messages. In memory, per process.
 */

/** At most this many messages per user within `perMs`; more are refused, the connections stay. */
export const SOCKET_RATE = { messages: 20, perMs: 1000 } as const;

export interface Budget {
  /** Counts one message; false when it is over the budget (a refused message does not count). */
  hit(): boolean;
  /** No message counted within the window: the budget may be dropped. */
  idle(): boolean;
}

/** A sliding window of `limit` hits per `windowMs`, on a monotonic clock. */
export function slidingWindow(limit: number, windowMs: number, now: () => number = () => performance.now()): Budget {
  const hits: number[] = [];
  const drop = (at: number) => {
    while (hits.length > 0 && at - hits[0] >= windowMs) hits.shift();
  };
  return {
    hit() {
      const at = now();
      drop(at);
      if (hits.length >= limit) return false;
      hits.push(at);
      return true;
    },
    idle() {
      drop(now());
      return hits.length === 0;
    },
  };
}
