/** Waiting in tests, with a failure that says what did not happen and how long was waited. */

/**
 * `promise`'s value if it settles within `ms`; otherwise a failure naming `what` (e.g. a socket
 * that should close). It is a deadline for an event, not a speed check: tests pass 5000 ms, the
 * wait `eventually` and the page tests' `findBy…` allow too, since CI runs on two loaded cores.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves once `check()` holds, polling every 5 ms; rejects naming `what` after `ms`. */
export async function eventually(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
