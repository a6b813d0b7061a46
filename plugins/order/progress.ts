/** Where an order stands and what it holds, for plugins reacting to its events (which may arrive late or out of order). */
import type { Db, Tx } from '@kernel/server/plugin';
import type { OrderStatus } from './states';
import type {} from './tables';

export interface OrderProgress {
  status: OrderStatus;
  /** Unix seconds; null until it completes. */
  completedAt: number | null;
}

export async function orderProgress(q: Db | Tx, orderId: number): Promise<OrderProgress | null> {
  const row = await q.selectFrom('order_order').select(['status', 'completed_at']).where('id', '=', orderId).executeTakeFirst();
  return row ? { status: Number(row.status) as OrderStatus, completedAt: row.completed_at === null ? null : Number(row.completed_at) } : null;
}

/** The order's lines: each goods and what its line cost before adjustments (fen). */
export async function orderLines(q: Db | Tx, orderId: number): Promise<{ goodsId: number; total: number }[]> {
  const rows = await q.selectFrom('order_goods').select(['goods_id', 'total']).where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map((r) => ({ goodsId: Number(r.goods_id), total: Number(r.total) }));
}
