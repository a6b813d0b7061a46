/**
 * "Sessions ended": the token service announces every session (a login, kept across refreshes)
 * it ends — logout, revocation, a password change ending the others — and the WebSocket hub
 * closes their connections. An interface, so several API nodes can share one bus later; this
 * process-local one is the default.
 */

export interface SessionsEnded {
  userId: number;
  /** Ids of the sessions that ended (the token rows' `family`). */
  sessions: string[];
}

export interface SessionEvents {
  /** Announces ended sessions to every subscriber; a throwing subscriber does not stop the others. */
  publish(event: SessionsEnded): void;
  /** The returned function unsubscribes. */
  subscribe(listener: (event: SessionsEnded) => void): () => void;
}

export function createLocalSessionEvents(onError: (error: unknown) => void = () => undefined): SessionEvents {
  const listeners = new Set<(event: SessionsEnded) => void>();
  return {
    publish(event) {
      if (event.sessions.length === 0) return;
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
