/**
 * The unsold stock of a session that ended or was closed goes back to its SKUs: the session is
 * marked with a conditional update (so a restart or an overlap never gives twice), then each item
 * keeps only what it sold (`stock = sold`) and the SKU gets the rest. A purchase racing the end
 * either took its stock before (it stays sold) or finds none left (sold out).
 */
import type { Db } from '@kernel/server/plugin';
import { releaseStock } from '@plugins/goods/public';
import type {} from './tables';

/** How many sessions it settled. */
export async function returnUnsold(db: Db, now: number): Promise<number> {
  const due = await db
    .selectFrom('seckill_session')
    .select('id')
    .where('unsold_returned_at', 'is', null)
    .where((eb) => eb.or([eb('closed_at', 'is not', null), eb('end_at', '<=', now)]))
    .orderBy('id')
    .execute();
  let settled = 0;
  for (const { id } of due) {
    const done = await db.transaction().execute(async (tx) => {
      const marked = await tx.updateTable('seckill_session').set({ unsold_returned_at: now }).where('id', '=', id).where('unsold_returned_at', 'is', null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return false;
      const items = await tx.selectFrom('seckill_goods').select(['id', 'sku_id']).where('session_id', '=', id).orderBy('sku_id').execute();
      for (const item of items) {
        // A purchase may still move `sold`: take exactly the figures read, else read again.
        for (;;) {
          const row = await tx.selectFrom('seckill_goods').select(['stock', 'sold']).where('id', '=', item.id).executeTakeFirstOrThrow();
          const [stock, sold] = [Number(row.stock), Number(row.sold)];
          const kept = await tx.updateTable('seckill_goods').set({ stock: sold }).where('id', '=', item.id).where('stock', '=', stock).where('sold', '=', sold).executeTakeFirst();
          if (Number(kept.numUpdatedRows) !== 1) continue;
          if (stock > sold) await releaseStock(tx, item.sku_id, stock - sold);
          break;
        }
      }
      return true;
    });
    if (done) settled += 1;
  }
  return settled;
}
