/** Rules every order must hold (checked by `storefront doctor`). */
import { sql } from 'kysely';
import type { Invariant } from '@kernel/server/plugin';
import { ledgerRows } from '@kernel/server/services/ledger-reads';
import type {} from './tables';

export const orderInvariants: Invariant[] = [
  {
    id: 'amounts-add-up',
    description: "every order's goods amount equals its goods' totals, and pay = goods + adjustments ≥ 0",
    async check(db) {
      const rows = await db
        .selectFrom('order_order as o')
        .leftJoin('order_goods as g', 'g.order_id', 'o.id')
        .select(['o.order_no', 'o.goods_amount', 'o.adjust_amount', 'o.pay_amount', sql<number>`coalesce(sum(g.total), 0)`.as('lines')])
        .groupBy(['o.id', 'o.order_no', 'o.goods_amount', 'o.adjust_amount', 'o.pay_amount'])
        .having((eb) =>
          eb.or([
            eb(sql`coalesce(sum(g.total), 0)`, '!=', eb.ref('o.goods_amount')),
            eb(sql`o.goods_amount + o.adjust_amount`, '!=', eb.ref('o.pay_amount')),
          ]),
        )
        .execute();
      return rows.map((r) => `order ${r.order_no}: goods ${r.goods_amount}, lines ${r.lines}, adjust ${r.adjust_amount}, pay ${r.pay_amount}`);
    },
  },
  {
    id: 'paid-orders-debited',
    description: 'every order paid from the balance, with an amount, has exactly one payment in the ledger',
    async check(db) {
      const payments = new Map<string, number>();
      for (const row of await ledgerRows(db, { reasons: ['order:ledger.pay'] })) payments.set(row.ref, (payments.get(row.ref) ?? 0) + 1);
      // Other methods' money never passes through the ledger (order_005: '' was never paid).
      const paid = await db.selectFrom('order_order').select('order_no').where('paid_at', 'is not', null).where('pay_amount', '>', 0).where('payment_method', '=', 'balance').orderBy('order_no').execute();
      return paid.filter((o) => payments.get(o.order_no) !== 1).map((o) => `order ${o.order_no}: ${payments.get(o.order_no) ?? 0} payments`);
    },
  },
];
