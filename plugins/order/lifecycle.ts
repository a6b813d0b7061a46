/**
 * Everything that moves an order after it is placed. Each move is a conditional update on the
 * state it leaves (`where status in (allowed)`), inside the transaction that also moves money or
 * stock, so a repeated or racing request changes nothing twice.
 */
import type { Updateable } from 'kysely';
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import { hotTransaction, lockRows } from '@kernel/server/hot-transaction';
import type { Db, Extensions, ServerServices, Tx } from '@kernel/server/plugin';
import { recordSale, releaseStock } from '@plugins/goods/public';
import { orderCancelHooks } from './adjusters';
import { announce } from './announce';
import { orderCancelled, orderCompleted, orderPaid, orderReceived, orderRefunded, orderShipped } from './public';
import { allowedFrom, STATUS, type OrderAction, type OrderStatus } from './states';
import type { OrderOrderTable } from './tables';

type Changes = Partial<Pick<Updateable<OrderOrderTable>, 'paid_at' | 'shipped_at' | 'expected_delivery_at' | 'received_at' | 'completed_at' | 'cancelled_at' | 'cancel_reason' | 'carrier' | 'tracking_no'>>;

/** Moves one order by `action` if its state allows; false (nothing changed) otherwise. */
async function move(tx: Tx, orderId: number, action: OrderAction, to: OrderStatus, changes: Changes): Promise<boolean> {
  const result = await tx
    .updateTable('order_order')
    .set({ status: to, ...changes })
    .where('id', '=', orderId)
    .where('status', 'in', [...allowedFrom(action)])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The caller's order by number; another shopper's order is "not found", never "not yours".
 * `lock`: its row locked until commit (on PostgreSQL), so a racing move of it waits and then reads the outcome.
 */
async function ownOrder(tx: Tx, userId: number, orderNo: string, lock = false) {
  const query = tx.selectFrom('order_order').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId);
  const order = await (lock ? lockRows(tx, query) : query).executeTakeFirst();
  if (!order) throw new BizError('order:message.not_found');
  return order;
}

/**
 * A hot transaction (READ COMMITTED on PostgreSQL): the order's row is locked before its state is
 * read, so a second payment of it waits and then answers as paid; the debit is conditional; the
 * goods' sales counters (hot rows, one per goods) are counted last, in goods order.
 */
export async function payOrder(db: Db, services: ServerServices, userId: number, orderNo: string) {
  return hotTransaction(db).execute(async (tx) => {
    const order = await ownOrder(tx, userId, orderNo, true);
    const now = services.clock.nowSeconds();
    if (order.status === STATUS.cancelled) throw new BizError(order.cancel_reason === 'timeout' ? 'order:message.payment_expired' : 'order:message.cancelled');
    // A retried payment of a paid order answers as the first did: one debit only.
    if (order.status !== STATUS.placed) {
      return { order_no: orderNo, status: order.status, money: formatYuan(await services.ledger.balance(tx, userId, 'money')) };
    }
    if (now > Number(order.pay_deadline)) throw new BizError('order:message.payment_expired');
    let money: number;
    if (Number(order.pay_amount) > 0) {
      money = await services.ledger.debit(tx, { userId, account: 'money', amount: Number(order.pay_amount), reason: 'order:ledger.pay', ref: orderNo });
    } else {
      money = await services.ledger.balance(tx, userId, 'money');
    }
    if (!(await move(tx, order.id, 'pay', STATUS.paid, { paid_at: now }))) throw new BizError('order:message.state_changed');
    await announce(tx, services, orderPaid, order.id);
    // Last: the goods' sales counters are hot rows, locked until the commit that follows.
    const goods = await tx.selectFrom('order_goods').select(['goods_id', 'quantity']).where('order_id', '=', order.id).orderBy('goods_id').execute();
    for (const line of goods) await recordSale(tx, line.goods_id, line.quantity);
    return { order_no: orderNo, status: STATUS.paid as OrderStatus, money: formatYuan(money) };
  });
}

/** What cancelling needs besides the order: the site's services and the `order.cancelled` hooks of its enabled plugins. */
export interface CancelContext {
  db: Db;
  services: ServerServices;
  extensions: Extensions;
}

/**
 * Cancels in the caller's transaction: stock goes back, a paid amount is refunded through the
 * ledger, and the `order.cancelled` hooks undo what the order used (a coupon).
 */
async function cancelIn(tx: Tx, { services, extensions }: CancelContext, order: { id: number; order_no: string; user_id: number; status: OrderStatus; pay_amount: number }, action: 'cancel' | 'expire', reason: 'shopper' | 'timeout' | 'staff') {
  const wasPaid = order.status === STATUS.paid;
  if (!(await move(tx, order.id, action, STATUS.cancelled, { cancelled_at: services.clock.nowSeconds(), cancel_reason: reason }))) return false;
  const goods = await tx.selectFrom('order_goods').select(['sku_id', 'quantity']).where('order_id', '=', order.id).execute();
  for (const line of goods) await releaseStock(tx, line.sku_id, line.quantity);
  if (wasPaid && Number(order.pay_amount) > 0) {
    await services.ledger.credit(tx, { userId: order.user_id, account: 'money', amount: Number(order.pay_amount), reason: 'order:ledger.refund', ref: order.order_no });
  }
  for (const hook of extensions(orderCancelHooks)) await hook.cancelled({ tx, userId: order.user_id, orderNo: order.order_no, reason });
  await announce(tx, services, orderCancelled, order.id, { reason, wasPaid });
  if (wasPaid) await announce(tx, services, orderRefunded, order.id, { refundAmount: Number(order.pay_amount) });
  return true;
}

export async function cancelOrder(ctx: CancelContext, userId: number, orderNo: string) {
  return ctx.db.transaction().execute(async (tx) => {
    const order = await ownOrder(tx, userId, orderNo);
    if (order.status === STATUS.cancelled) return { order_no: orderNo, status: order.status };
    if (!(await cancelIn(tx, ctx, order, 'cancel', 'shopper'))) throw new BizError('order:message.cannot_cancel');
    return { order_no: orderNo, status: STATUS.cancelled as OrderStatus };
  });
}

export async function receiveOrder(db: Db, services: ServerServices, userId: number, orderNo: string) {
  return db.transaction().execute(async (tx) => {
    const order = await ownOrder(tx, userId, orderNo);
    if (order.status === STATUS.received || order.status === STATUS.completed) return { order_no: orderNo, status: order.status };
    if (!(await move(tx, order.id, 'receive', STATUS.received, { received_at: services.clock.nowSeconds() }))) throw new BizError('order:message.not_shipped');
    await announce(tx, services, orderReceived, order.id);
    return { order_no: orderNo, status: STATUS.received as OrderStatus };
  });
}

/** Staff ship a paid order (operator command); null when there is no such order. */
/** The parcel an order ships in, recorded with the move (`storefront order ship --carrier … --tracking …`). */
export interface Parcel {
  carrier: string;
  trackingNo: string;
}

export async function shipOrder(
  db: Db,
  services: ServerServices,
  orderNo: string,
  deliveryDays: number,
  parcel: Parcel = { carrier: '', trackingNo: '' },
): Promise<{ shipped: boolean; status: OrderStatus } | null> {
  return db.transaction().execute(async (tx) => {
    const order = await tx.selectFrom('order_order').select(['id', 'status']).where('order_no', '=', orderNo).executeTakeFirst();
    if (!order) return null;
    const now = services.clock.nowSeconds();
    const shipped = await move(tx, order.id, 'ship', STATUS.shipped, {
      shipped_at: now,
      expected_delivery_at: now + deliveryDays * 86400,
      carrier: parcel.carrier,
      tracking_no: parcel.trackingNo,
    });
    if (shipped) await announce(tx, services, orderShipped, order.id);
    return { shipped, status: shipped ? STATUS.shipped : order.status };
  });
}

/** Unpaid orders past their deadline: cancelled, stock returned. Returns how many. */
export async function expireUnpaid(ctx: CancelContext): Promise<number> {
  const { db, services } = ctx;
  const due = await db
    .selectFrom('order_order')
    .select(['id', 'order_no', 'user_id', 'status', 'pay_amount'])
    .where('status', '=', STATUS.placed)
    .where('pay_deadline', '<', services.clock.nowSeconds())
    .limit(500)
    .execute();
  let handled = 0;
  for (const order of due) {
    if (await db.transaction().execute((tx) => cancelIn(tx, ctx, { ...order, pay_amount: Number(order.pay_amount) }, 'expire', 'timeout'))) handled += 1;
  }
  return handled;
}

/** Shipped orders older than `days`: received. Received orders past the after-sales window: completed. */
export async function advanceByAge(db: Db, services: ServerServices, action: 'receive' | 'complete', days: number): Promise<number> {
  const cutoff = services.clock.nowSeconds() - days * 86400;
  const [from, column, to] = action === 'receive' ? ([STATUS.shipped, 'shipped_at', STATUS.received] as const) : ([STATUS.received, 'received_at', STATUS.completed] as const);
  // One transaction: the moves and their events commit together.
  return db.transaction().execute(async (tx) => {
    const moved = await tx
      .updateTable('order_order')
      .set(action === 'receive' ? { status: to, received_at: services.clock.nowSeconds() } : { status: to, completed_at: services.clock.nowSeconds() })
      .where('status', '=', from)
      .where(column, '<=', cutoff)
      .returning('id')
      .execute();
    for (const { id } of moved) await announce(tx, services, action === 'receive' ? orderReceived : orderCompleted, id);
    return moved.length;
  });
}
