/**
 * How many orders each of some shoppers has paid for and kept: paid (`paid_at` set), and neither
 * cancelled since (a paid order cancelled before shipping is refunded) nor refunded. For other
 * plugins that show shoppers' activity (the team page's members), through `public.ts`.
 */
import type { Db, Tx } from '@kernel/server/plugin';
import { STATUS } from './states';
import type {} from './tables';

/** Each id's count, 0 for a shopper with none; one grouped query. */
export async function paidOrderCounts(db: Db | Tx, userIds: readonly number[]): Promise<Map<number, number>> {
  const wanted = [...new Set(userIds)];
  const counts = new Map<number, number>(wanted.map((id) => [id, 0]));
  if (wanted.length === 0) return counts;
  const rows = await db
    .selectFrom('order_order')
    .select(['user_id', (eb) => eb.fn.countAll<number>().as('paid')])
    .where('user_id', 'in', wanted)
    .where('paid_at', 'is not', null)
    .where('status', 'not in', [STATUS.cancelled, STATUS.refunded])
    .groupBy('user_id')
    .execute();
  for (const row of rows) counts.set(Number(row.user_id), Number(row.paid));
  return counts;
}
