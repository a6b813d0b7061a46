/**
 * Setting a sale up, as the operator commands and the demo seed do: a session (a time window),
 * its goods with stock taken from the SKU by the conditional `reserveStock` (none taken when the
 * SKU has less), and closing a session early. Refusals are OperatorErrors naming every problem.
 */
import { OperatorError, type Db } from '@kernel/server/plugin';
import { reserveStock, skusForSale } from '@plugins/goods/public';
import { sessionTitle } from './state';
import type {} from './tables';

/** Unix seconds of `YYYY-MM-DD HH:mm` in the business time zone: the kernel's, used by the commands and tests here. */
export { businessDateTimeOf } from '@kernel/server/operator-options';

export async function addSession(db: Db, input: { start: number; end: number; title?: string; now: number }): Promise<number> {
  const row = await db
    .insertInto('seckill_session')
    .values({ title: input.title || sessionTitle(input.start), start_at: input.start, end_at: input.end, closed_at: null, unsold_returned_at: null, created_at: input.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface NewItem {
  sessionId: number;
  skuId: number;
  /** Fen. */
  price: number;
  stock: number;
  quota: number;
  now: number;
}

/** Adds the SKU to the session, taking its stock from the SKU; every problem at once. */
export async function addItem(db: Db, item: NewItem): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const problems: string[] = [];
    const session = await tx.selectFrom('seckill_session').select(['end_at', 'closed_at']).where('id', '=', item.sessionId).executeTakeFirst();
    if (!session) problems.push(`session ${item.sessionId} does not exist (\`storefront seckill list\`)`);
    else if (session.closed_at !== null || Number(session.end_at) <= item.now) problems.push(`session ${item.sessionId} has ended`);
    const sku = (await skusForSale(tx, [item.skuId])).get(item.skuId);
    if (!sku) problems.push(`SKU ${item.skuId} does not exist`);
    else {
      if (item.price >= sku.price) problems.push(`--price must be below the SKU's price ¥${(sku.price / 100).toFixed(2)}`);
      if (sku.stock < item.stock) problems.push(`--stock ${item.stock} is more than the SKU's stock ${sku.stock}`);
    }
    const twice = await tx.selectFrom('seckill_goods').select('id').where('session_id', '=', item.sessionId).where('sku_id', '=', item.skuId).executeTakeFirst();
    if (twice) problems.push(`SKU ${item.skuId} is already in session ${item.sessionId} (item ${twice.id})`);
    if (item.quota > item.stock) problems.push(`--quota ${item.quota} is more than --stock ${item.stock}`);
    if (problems.length > 0 || !sku) throw new OperatorError(problems.join('\n'));
    if (!(await reserveStock(tx, item.skuId, item.stock))) throw new OperatorError(`--stock ${item.stock} is more than the SKU's stock now`);
    const row = await tx
      .insertInto('seckill_goods')
      .values({ session_id: item.sessionId, goods_id: sku.goodsId, sku_id: item.skuId, price: item.price, stock: item.stock, quota: item.quota, created_at: item.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** Closes the session now; false when it had ended or was closed already. Its unsold stock goes back with the next job run. */
export async function closeSession(db: Db, sessionId: number, now: number): Promise<boolean> {
  const closed = await db.updateTable('seckill_session').set({ closed_at: now }).where('id', '=', sessionId).where('closed_at', 'is', null).where('end_at', '>', now).executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}
