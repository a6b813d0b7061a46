/**
 * The release job: commission whose freeze has ended is credited to the shopper's balance, each
 * row in a transaction of its own, moved from "frozen" to "available" by a conditional update, so
 * a row is credited once however often the job runs, on however many nodes (the kernel runs a job
 * on one node at a time, and a restart only finds what is still frozen). What the shopper owes
 * from an earlier clawback is taken from it at once.
 */
import type { Job, JobContext, ServerServices, Db } from '@kernel/server/plugin';
import { collectDebts, COMMISSION_REASON } from './clawback';
import type { TeamSettings } from './settings';
import type {} from './tables';

const BATCH = 200;

/** Credits commission `id` if it is still frozen and due; false otherwise. */
export async function releaseOne(db: Db, services: ServerServices, id: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('team_commission')
      .set({ state: 'available', released_at: now })
      .where('id', '=', id)
      .where('state', '=', 'frozen')
      .where('release_at', '<=', now)
      .returning(['user_id', 'amount', 'order_no'])
      .executeTakeFirst();
    if (!row) return false;
    const userId = Number(row.user_id);
    await services.ledger.credit(tx, { userId, account: 'money', amount: Number(row.amount), reason: COMMISSION_REASON, ref: `commission:${id}`, memo: row.order_no });
    await collectDebts(tx, services, userId, now);
    return true;
  });
}

/** Every due row, oldest first; how many were credited. */
export async function releaseDue(ctx: Pick<JobContext<TeamSettings>, 'db' | 'services'>): Promise<number> {
  const now = ctx.services.clock.nowSeconds();
  let released = 0;
  for (;;) {
    const due = await ctx.db.selectFrom('team_commission').select('id').where('state', '=', 'frozen').where('release_at', '<=', now).orderBy('id').limit(BATCH).execute();
    for (const { id } of due) if (await releaseOne(ctx.db, ctx.services, Number(id), now)) released += 1;
    if (due.length < BATCH) return released;
  }
}

export const teamJobs: Job<TeamSettings>[] = [{ id: 'release-commission', everySeconds: 60, run: (ctx) => releaseDue(ctx) }];
