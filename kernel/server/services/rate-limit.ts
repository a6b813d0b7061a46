/**
 * A sliding window per key (login attempts, repeated redemptions), kept in the database so that
 * every API node counts the same attempts and a restart forgets none. Counting and recording one
 * attempt is one transaction: parallel attempts cannot all slip under the limit.
 */
import { BizError } from '../../core/errors';
import type { Clock } from '../clock';
import type { Db, ServerServices } from '../plugin';

/** No window is longer than a day: older attempts are swept now and then. */
const KEEP_MS = 86_400_000;
const SWEEP_EVERY = 500;

export function createRateLimit(db: Db, clock: Clock): ServerServices['rateLimit'] {
  let calls = 0;
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now();
      const windowMs = windowSeconds * 1000;
      await db.transaction().execute(async (tx) => {
        const recent = await tx
          .selectFrom('kernel_rate_hit')
          .select('at')
          .where('key', '=', key)
          .where('at', '>', now - windowMs)
          .orderBy('at', 'asc')
          .limit(limit)
          .execute();
        if (recent.length >= limit) {
          const seconds = Math.max(1, Math.ceil((recent[0].at + windowMs - now) / 1000));
          throw new BizError('kernel:message.too_many', { seconds });
        }
        await tx.insertInto('kernel_rate_hit').values({ key, at: now }).execute();
      });
      if (++calls % SWEEP_EVERY === 0) await db.deleteFrom('kernel_rate_hit').where('at', '<', now - KEEP_MS).execute();
    },
    async undo(key) {
      const newest = await db.selectFrom('kernel_rate_hit').select('id').where('key', '=', key).orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (newest) await db.deleteFrom('kernel_rate_hit').where('id', '=', newest.id).execute();
    },
    async reset(key, q = db) {
      await q.deleteFrom('kernel_rate_hit').where('key', '=', key).execute();
    },
  };
}
