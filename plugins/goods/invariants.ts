/**
 * Rules the catalogue must hold whatever happened (checked by `storefront doctor`). Stock never
 * going below zero needs no rule here: the tables' CHECK constraints refuse it.
 */
import { sql } from 'kysely';
import type { Invariant } from '@kernel/server/plugin';
import type {} from './tables';

export const goodsInvariants: Invariant[] = [
  {
    id: 'stock-equals-skus',
    description: "every goods' stock equals the sum of its SKUs' stock",
    async check(db) {
      const rows = await db
        .selectFrom('goods_goods as g')
        .leftJoin('goods_sku as s', 's.goods_id', 'g.id')
        .select(['g.id', 'g.stock', sql<number>`coalesce(sum(s.stock), 0)`.as('skus')])
        .groupBy(['g.id', 'g.stock'])
        .having(sql`coalesce(sum(s.stock), 0)`, '!=', sql.ref('g.stock'))
        .execute();
      return rows.map((r) => `goods ${r.id}: stock ${r.stock} ≠ SKUs ${r.skus}`);
    },
  },
];
