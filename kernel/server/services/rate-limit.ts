/**
 * An in-memory sliding window per key (login attempts, repeated calls). Counts reset on
 * restart; limits that must survive one (code sending) are kept in the database instead.
 */
import { BizError } from '../../core/errors';
import type { Clock } from '../clock';
import type { ServerServices } from '../plugin';

export function createRateLimit(clock: Clock): ServerServices['rateLimit'] {
  const hits = new Map<string, number[]>();
  let calls = 0;

  const sweep = (now: number) => {
    for (const [key, times] of hits) {
      // The newest hit of a key is older than any window we are asked for (a day at most).
      if (times.length === 0 || now - times[times.length - 1] > 86_400_000) hits.delete(key);
    }
  };

  return {
    hit(key, limit, windowSeconds) {
      const now = clock.now();
      const windowMs = windowSeconds * 1000;
      const recent = (hits.get(key) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= limit) {
        hits.set(key, recent);
        const seconds = Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000));
        throw new BizError('kernel:message.too_many', { seconds });
      }
      recent.push(now);
      hits.set(key, recent);
      if (++calls % 1000 === 0) sweep(now);
    },
    undo(key) {
      hits.get(key)?.pop();
    },
    reset(key) {
      hits.delete(key);
    },
  };
}
