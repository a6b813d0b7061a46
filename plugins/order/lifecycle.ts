/**
 * Everything that moves an order after it is placed, each through `moveOrder` (./move.ts): a
 * conditional update on the state it leaves, inside the transaction that also moves money or
 * stock, so a repeated or racing request changes nothing twice.
 */
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import { hotTransaction, lockRows } from '@kernel/server/hot-transaction';
import type { Db, Extensions, ServerServices, Tx } from '@kernel/server/plugin';
import { recordSale } from '@plugins/goods/public';
import { moveOrder, type MoveContext, type OrderToMove } from './move';
import { paymentMethod, paymentOrder } from './pay-methods';
import { STATUS, type OrderStatus } from './states';
import type {} from './tables';
import type { CancelReason } from './transitions';

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
 * read, so a second payment of it waits and then answers as paid. The chosen method (./payments.ts)
 * takes the money at once (the balance: a conditional debit) and the order moves to paid here, or
 * it answers what the shopper's page needs next and the order waits for the provider's
 * notification (./notify.ts).
 */
export async function payOrder(db: Db, services: ServerServices, extensions: Extensions, userId: number, orderNo: string, methodId = 'balance') {
  const method = paymentMethod(extensions, methodId);
  return hotTransaction(db).execute(async (tx) => {
    const order = await ownOrder(tx, userId, orderNo, true);
    const now = services.clock.nowSeconds();
    const money = async () => formatYuan(await services.ledger.balance(tx, userId, 'money'));
    if (order.status === STATUS.cancelled) throw new BizError(order.cancel_reason === 'timeout' ? 'order:message.payment_expired' : 'order:message.cancelled');
    // A retried payment of a paid order answers as the first did: one debit only.
    if (order.status !== STATUS.placed) return { order_no: orderNo, status: order.status, money: await money() };
    if (now > Number(order.pay_deadline)) throw new BizError('order:message.payment_expired');
    const started = await method.start({ tx, services, order: paymentOrder(order) });
    if (!started.paid) return { order_no: orderNo, status: order.status, money: await money(), next: { method: method.id, redirect_url: started.next.redirectUrl, qr_code: started.next.qrCode } };
    if (!(await markPaid(tx, { services, extensions }, order, method.id))) throw new BizError('order:message.state_changed');
    return { order_no: orderNo, status: STATUS.paid as OrderStatus, money: await money() };
  });
}

/**
 * The move placed → paid, recording the method that took the money, in the caller's transaction
 * (the pay call's, or a provider notification's, the order's row read and locked in it); false when
 * the order was no longer placed.
 */
export async function markPaid(tx: Tx, ctx: MoveContext, order: OrderToMove, methodId: string): Promise<boolean> {
  if (!(await moveOrder(tx, ctx, order, 'pay', { payment_method: methodId }))) return false;
  // Last: the goods' sales counters are hot rows, locked until the commit that follows.
  const goods = await tx.selectFrom('order_goods').select(['goods_id', 'quantity']).where('order_id', '=', order.id).orderBy('goods_id').execute();
  for (const line of goods) await recordSale(tx, line.goods_id, line.quantity);
  return true;
}

/** What cancelling needs besides the order: the site's services and its enabled plugins' hooks and sources. */
export interface CancelContext extends MoveContext {
  db: Db;
}

/**
 * Cancelling returns stock that others are buying (hot rows), so it runs at READ COMMITTED with
 * the order's row locked before its state decides anything: a racing payment or expiry waits,
 * then finds the order moved.
 */
export async function cancelOrder(ctx: CancelContext, userId: number, orderNo: string) {
  return hotTransaction(ctx.db).execute(async (tx) => {
    const order = await ownOrder(tx, userId, orderNo, true);
    if (order.status === STATUS.cancelled) return { order_no: orderNo, status: order.status };
    if (!(await moveOrder(tx, ctx, order, 'cancel', { reason: 'shopper' }))) throw new BizError('order:message.cannot_cancel');
    return { order_no: orderNo, status: STATUS.cancelled as OrderStatus };
  });
}

export async function receiveOrder(ctx: CancelContext, userId: number, orderNo: string) {
  return ctx.db.transaction().execute(async (tx) => {
    const order = await ownOrder(tx, userId, orderNo);
    if (order.status === STATUS.received || order.status === STATUS.completed) return { order_no: orderNo, status: order.status };
    if (!(await moveOrder(tx, ctx, order, 'receive'))) throw new BizError('order:message.not_shipped');
    return { order_no: orderNo, status: STATUS.received as OrderStatus };
  });
}

/** The parcel an order ships in, recorded with the move (`storefront order ship --carrier … --tracking …`). */
export interface Parcel {
  carrier: string;
  trackingNo: string;
}

/** Staff ship a paid order (operator command); null when there is no such order. */
export async function shipOrder(ctx: CancelContext, orderNo: string, deliveryDays: number, parcel: Parcel = { carrier: '', trackingNo: '' }): Promise<{ shipped: boolean; status: OrderStatus } | null> {
  return ctx.db.transaction().execute(async (tx) => {
    const order = await tx.selectFrom('order_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    if (!order) return null;
    const now = ctx.services.clock.nowSeconds();
    const shipped = await moveOrder(tx, ctx, order, 'ship', { expected_delivery_at: now + deliveryDays * 86400, carrier: parcel.carrier, tracking_no: parcel.trackingNo });
    return { shipped, status: shipped ? STATUS.shipped : order.status };
  });
}

/**
 * Staff refund a paid, shipped or received order (operator command): the money goes back through
 * the method that took it, the order becomes refunded. Null when there is no such order.
 */
export async function refundOrder(ctx: CancelContext, orderNo: string): Promise<{ refunded: boolean; status: OrderStatus; amount: number } | null> {
  return hotTransaction(ctx.db).execute(async (tx) => {
    const order = await lockRows(tx, tx.selectFrom('order_order').selectAll().where('order_no', '=', orderNo)).executeTakeFirst();
    if (!order) return null;
    const refunded = await moveOrder(tx, ctx, order, 'refund');
    return { refunded, status: refunded ? STATUS.refunded : order.status, amount: Number(order.pay_amount) };
  });
}

/** Cancels one order the caller found due, if it still is once its row is locked. */
async function cancelDue(ctx: CancelContext, orderId: number, action: 'expire' | 'cancel', reason: CancelReason, stillDue: (order: OrderToMove & { pay_deadline: number }) => boolean) {
  return hotTransaction(ctx.db).execute(async (tx) => {
    const order = await lockRows(tx, tx.selectFrom('order_order').selectAll().where('id', '=', orderId)).executeTakeFirst();
    return !!order && stillDue(order) && moveOrder(tx, ctx, order, action, { reason });
  });
}

/**
 * Unpaid orders past their deadline: cancelled, stock returned. Returns how many. An order whose
 * source's plugin the site has since disabled cannot give its stock back: it waits (logged) while
 * the others expire.
 */
export async function expireUnpaid(ctx: CancelContext & { log?(message: string): void }): Promise<number> {
  const now = ctx.services.clock.nowSeconds();
  const due = await ctx.db.selectFrom('order_order').select(['id', 'order_no']).where('status', '=', STATUS.placed).where('pay_deadline', '<', now).limit(500).execute();
  let handled = 0;
  for (const { id, order_no: orderNo } of due) {
    try {
      if (await cancelDue(ctx, id, 'expire', 'timeout', (o) => o.status === STATUS.placed && Number(o.pay_deadline) < now)) handled += 1;
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      ctx.log?.(`order ${orderNo} not expired: ${error.key} ${JSON.stringify(error.params ?? {})}`);
    }
  }
  return handled;
}

/** Shipped orders older than `days`: received. Received orders past the after-sales window: completed. One move (and transaction) per order. */
export async function advanceByAge(ctx: CancelContext, action: 'receive' | 'complete', days: number): Promise<number> {
  const cutoff = ctx.services.clock.nowSeconds() - days * 86400;
  const [from, column] = action === 'receive' ? ([STATUS.shipped, 'shipped_at'] as const) : ([STATUS.received, 'received_at'] as const);
  const due = await ctx.db.selectFrom('order_order').select('id').where('status', '=', from).where(column, '<=', cutoff).limit(500).execute();
  let moved = 0;
  for (const { id } of due) {
    const done = await ctx.db.transaction().execute(async (tx) => {
      const order = await tx.selectFrom('order_order').selectAll().where('id', '=', id).executeTakeFirst();
      return !!order && moveOrder(tx, ctx, order, action);
    });
    if (done) moved += 1;
  }
  return moved;
}
