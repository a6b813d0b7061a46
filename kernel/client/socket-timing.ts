/**
 * The socket's timing, shared by the user's connection (./socket-machine.ts) and a visitor's
 * read-only one (./socket-visitor.ts): the reconnect backoff, its jitter, and how long a visitor's
 * connection outlives its last public subscriber.
 */

/** The longest wait between reconnects, and how much of a wait the jitter may take off. */
export const MAX_RECONNECT_DELAY_MS = 30_000;
export const RECONNECT_JITTER = 0.2;

/**
 * How long a visitor's anonymous connection outlives its last public subscriber: a page giving way
 * to another that subscribes too (home → flash sale) keeps the connection.
 */
export const PUBLIC_LINGER_MS = 5000;

/** Exponential backoff: 1 s before the 1st reconnect, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Jitter only shortens a wait (by up to 20 %), so clients dropped together do not return together,
 * and a test that advances the clock by the full delay never has to neutralise it.
 */
export function withJitter(ms: number, random: number): number {
  return Math.round(ms * (1 - RECONNECT_JITTER * random));
}
