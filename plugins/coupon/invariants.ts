/**
 * Rules coupons must hold (checked by `storefront doctor`): a coupon's `claimed` is the number of
 * copies claimed from it and never above its total; a used copy names its order, and an order
 * uses one coupon at most.
 */
import type { Invariant } from '@kernel/server/plugin';
import type {} from './tables';

export const couponInvariants: Invariant[] = [
  {
    id: 'claimed-equals-copies',
    description: "every coupon's claimed count equals its claimed copies and stays within its total",
    async check(db) {
      const coupons = await db.selectFrom('coupon_coupon').select(['id', 'claimed', 'total']).execute();
      const copies = await db.selectFrom('coupon_user').select(['coupon_id', (eb) => eb.fn.countAll<number>().as('count')]).where('source', '=', 'claim').groupBy('coupon_id').execute();
      const counted = new Map(copies.map((c) => [c.coupon_id, Number(c.count)]));
      return coupons.flatMap((c) => {
        const problems = [];
        if (c.claimed !== (counted.get(c.id) ?? 0)) problems.push(`coupon ${c.id}: claimed ${c.claimed} ≠ ${counted.get(c.id) ?? 0} claimed copies`);
        if (c.claimed > c.total) problems.push(`coupon ${c.id}: claimed ${c.claimed} > total ${c.total}`);
        return problems;
      });
    },
  },
  {
    id: 'one-coupon-per-order',
    description: 'a used copy names its order, and no order used two',
    async check(db) {
      const unnamed = await db.selectFrom('coupon_user').select('id').where('used_at', 'is not', null).where('order_no', 'is', null).execute();
      const doubled = await db
        .selectFrom('coupon_user')
        .select(['order_no', (eb) => eb.fn.countAll<number>().as('count')])
        .where('order_no', 'is not', null)
        .groupBy('order_no')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
      return [...unnamed.map((c) => `copy ${c.id} is used but names no order`), ...doubled.map((d) => `order ${d.order_no} used ${d.count} coupons`)];
    },
  },
];
