/**
 * The SKU in the session running now, or the reason it cannot be bought (not started, ended, in
 * no flash sale), in the shopper's language: what the order source and the settlement's offer read.
 */
import { BizError } from '@kernel/core/errors';
import type { Db, Tx } from '@kernel/server/plugin';
import type {} from './tables';

export interface ItemRow {
  id: number;
  session_id: number;
  goods_id: number;
  sku_id: number;
  price: number;
  stock: number;
  sold: number;
  quota: number;
}

export interface SessionRow {
  id: number;
  title: string;
  start_at: number;
  end_at: number;
  closed_at: number | null;
}

const ITEM_COLUMNS = ['i.id', 'i.session_id', 'i.goods_id', 'i.sku_id', 'i.price', 'i.stock', 'i.sold', 'i.quota'] as const;
const SESSION_COLUMNS = ['s.title', 's.start_at', 's.end_at', 's.closed_at'] as const;

/** Numbers as numbers (PostgreSQL's bigint comes back as a string). */
export const itemOf = (r: ItemRow): ItemRow => ({
  id: Number(r.id),
  session_id: Number(r.session_id),
  goods_id: Number(r.goods_id),
  sku_id: Number(r.sku_id),
  price: Number(r.price),
  stock: Number(r.stock),
  sold: Number(r.sold),
  quota: Number(r.quota),
});
export const sessionOf = (r: SessionRow): SessionRow => ({
  id: Number(r.id),
  title: r.title,
  start_at: Number(r.start_at),
  end_at: Number(r.end_at),
  closed_at: r.closed_at === null ? null : Number(r.closed_at),
});

/** The running session's item of `skuId` (of `goodsId`), with its session; else a BizError saying why. */
export async function runningItem(db: Db | Tx, goodsId: number, skuId: number, now: number): Promise<{ item: ItemRow; session: SessionRow }> {
  const rows = await db
    .selectFrom('seckill_goods as i')
    .innerJoin('seckill_session as s', 's.id', 'i.session_id')
    .select([...ITEM_COLUMNS, ...SESSION_COLUMNS])
    .where('i.sku_id', '=', skuId)
    .where('i.goods_id', '=', goodsId)
    .orderBy('s.start_at')
    .execute();
  const open = rows.filter((r) => r.closed_at === null);
  const running = open.find((r) => Number(r.start_at) <= now && now < Number(r.end_at));
  if (running) {
    const { title, start_at, end_at, closed_at, ...item } = running;
    return { item: itemOf(item), session: sessionOf({ id: item.session_id, title, start_at, end_at, closed_at }) };
  }
  if (open.some((r) => Number(r.start_at) > now)) throw new BizError('seckill:message.not_started');
  if (rows.length > 0) throw new BizError('seckill:message.ended');
  throw new BizError('seckill:message.not_in_sale');
}

/** What `userId` bought so far of each of `itemIds` (their quota counters). */
export async function boughtOf(db: Db | Tx, userId: number | null, itemIds: readonly number[]): Promise<Map<number, number>> {
  if (userId === null || itemIds.length === 0) return new Map();
  const rows = await db.selectFrom('seckill_quota').select(['item_id', 'bought']).where('user_id', '=', userId).where('item_id', 'in', [...itemIds]).execute();
  return new Map(rows.map((r) => [Number(r.item_id), Number(r.bought)]));
}
