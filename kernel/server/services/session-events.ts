/**
 * "Sessions ended": the token service announces every session (a login, kept across refreshes)
 * it ends — logout, revocation, a password change ending the others — and the WebSocket hub
 * closes their connections. The app carries them over the bus (`sessionEventsOver`), so a logout
 * on one API node closes the sockets another node holds; the process-local one serves tests.
 */
import { topic, type Bus } from '../bus';

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

export const SESSIONS_ENDED = topic<SessionsEnded>('sessions.ended');

/**
 * Ended sessions on every node of the bus: this node's subscribers hear them at once, the others'
 * soon after (a node that misses one still refuses the session's next frame: the connection
 * checks that its session runs).
 */
export function sessionEventsOver(bus: Bus): SessionEvents {
  return {
    publish(event) {
      if (event.sessions.length > 0) bus.publish(SESSIONS_ENDED, { userId: event.userId, sessions: event.sessions });
    },
    subscribe: (listener) =>
      bus.subscribe(SESSIONS_ENDED, (event) => {
        if (Number.isInteger(event.userId) && Array.isArray(event.sessions)) listener(event);
      }),
  };
}
