/**
 * Rules every flash sale must hold (checked by `storefront doctor`): for every item, sold + left =
 * stock, with `sold` the sum of its live (unreleased) orders and 0 ≤ sold ≤ stock; no shopper above
 * the quota, each shopper's count equal to their live orders.
 */
import { sql } from 'kysely';
import type { Invariant } from '@kernel/server/plugin';
import type {} from './tables';

export const seckillInvariants: Invariant[] = [
  {
    id: 'sold-adds-up',
    description: "every flash-sale item's sold count equals its live orders' quantities, between 0 and its stock",
    async check(db) {
      const rows = await db
        .selectFrom('seckill_goods as i')
        .leftJoin('seckill_order as o', (join) => join.onRef('o.item_id', '=', 'i.id').on('o.released_at', 'is', null))
        .select(['i.id', 'i.stock', 'i.sold', sql<number>`coalesce(sum(o.quantity), 0)`.as('live')])
        .groupBy(['i.id', 'i.stock', 'i.sold'])
        .orderBy('i.id')
        .execute();
      return rows
        .filter((r) => Number(r.sold) !== Number(r.live) || Number(r.sold) < 0 || Number(r.sold) > Number(r.stock))
        .map((r) => `seckill item ${r.id}: stock ${r.stock}, sold ${r.sold}, live orders ${r.live}`);
    },
  },
  {
    id: 'within-quota',
    description: "no shopper above a flash-sale item's quota; each shopper's count equals their live orders",
    async check(db) {
      const counted = await db
        .selectFrom('seckill_quota as q')
        .innerJoin('seckill_goods as i', 'i.id', 'q.item_id')
        .select(['q.item_id', 'q.user_id', 'q.bought', 'i.quota'])
        .execute();
      const live = await db
        .selectFrom('seckill_order')
        .select(['item_id', 'user_id', sql<number>`sum(quantity)`.as('n')])
        .where('released_at', 'is', null)
        .groupBy(['item_id', 'user_id'])
        .execute();
      const liveOf = new Map(live.map((r) => [`${r.item_id}/${r.user_id}`, Number(r.n)]));
      const problems = counted.flatMap((q) => {
        const key = `${q.item_id}/${q.user_id}`;
        const n = liveOf.get(key) ?? 0;
        liveOf.delete(key);
        return Number(q.bought) > Number(q.quota) || Number(q.bought) !== n ? [`seckill item ${q.item_id}, user ${q.user_id}: bought ${q.bought}, quota ${q.quota}, live orders ${n}`] : [];
      });
      for (const [key, n] of liveOf) if (n > 0) problems.push(`seckill item ${key.replace('/', ', user ')}: live orders ${n} without a quota count`);
      return problems;
    },
  },
];
