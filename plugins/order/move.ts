/**
 * The one way an order changes state. Each move is a conditional update on the states it may
 * leave (states.ts), so a repeated or racing move finds nothing to change and changes nothing
 * twice. In the same transaction it then does what belongs to the move: the source's stock goes
 * back when an order is cancelled or expires, a paid amount goes back through its payment method, the
 * `order.transitions` hooks run (a coupon comes back), and the move's event is written (it is
 * delivered after the commit).
 */
import type { Updateable } from 'kysely';
import type { Extensions, ServerServices, Tx } from '@kernel/server/plugin';
import { announce } from './announce';
import { refundPayment } from './pay-methods';
import { orderCancelled, orderCompleted, orderPaid, orderReceived, orderRefunded, orderShipped } from './public';
import { sourceFor } from './sources';
import { allowedFrom, STATUS, targetOf, type OrderAction, type OrderStatus } from './states';
import type { OrderOrderTable } from './tables';
import { orderTransitions, type CancelReason } from './transitions';

/** What a move needs of the site: its clock, ledger and events, and the enabled plugins' hooks and sources. */
export interface MoveContext {
  services: ServerServices;
  extensions: Extensions;
}

/** The order as read (and, at READ COMMITTED, locked) by the caller before it decided to move it. */
export interface OrderToMove {
  id: number;
  order_no: string;
  user_id: number;
  status: OrderStatus;
  source: string;
  pay_amount: number;
}

export type MoveChanges = Partial<Pick<Updateable<OrderOrderTable>, 'expected_delivery_at' | 'carrier' | 'tracking_no' | 'payment_method'>> & {
  /** Why a cancelled or expired order was cancelled (`shopper` by default). */
  reason?: CancelReason;
};

/** The time each move records. */
const STAMP = {
  pay: 'paid_at',
  ship: 'shipped_at',
  receive: 'received_at',
  complete: 'completed_at',
  cancel: 'cancelled_at',
  expire: 'cancelled_at',
  refund: 'refunded_at',
} as const satisfies Record<OrderAction, keyof OrderOrderTable>;

const EVENTS = { pay: orderPaid, ship: orderShipped, receive: orderReceived, complete: orderCompleted } as const;

/** Moves `order` by `action`; false (nothing changed) when its state no longer allows it. */
export async function moveOrder(tx: Tx, { services, extensions }: MoveContext, order: OrderToMove, action: OrderAction, changes: MoveChanges = {}): Promise<boolean> {
  const { reason, ...columns } = changes;
  const to = targetOf(action);
  const stamp = STAMP[action];
  const cancelling = to === STATUS.cancelled;
  const cancelReason = cancelling ? (reason ?? (action === 'expire' ? 'timeout' : 'shopper')) : undefined;
  const moved = await tx
    .updateTable('order_order')
    .set({ status: to, ...columns, [stamp]: services.clock.nowSeconds(), ...(cancelReason ? { cancel_reason: cancelReason } : {}) })
    .where('id', '=', order.id)
    .where('status', 'in', [...allowedFrom(action)])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;

  // The caller read the order in this transaction (locked, at READ COMMITTED), so this is the state it left.
  const from = order.status;
  const payAmount = Number(order.pay_amount);
  const givesBack = action === 'refund' || (cancelling && from === STATUS.paid);
  // Goods that have not left go back on sale.
  if (cancelling || (action === 'refund' && from === STATUS.paid)) {
    const lines = await tx.selectFrom('order_goods').select(['goods_id', 'sku_id', 'quantity']).where('order_id', '=', order.id).orderBy('sku_id').execute();
    await sourceFor(extensions, order.source).release(tx, {
      orderId: order.id,
      orderNo: order.order_no,
      userId: order.user_id,
      lines: lines.map((l) => ({ goodsId: l.goods_id, skuId: l.sku_id, quantity: l.quantity })),
      now: services.clock.nowSeconds(),
      paid: from === STATUS.paid,
      services,
    });
  }
  // Back the way the money came: through the method that paid the order.
  if (givesBack && payAmount > 0) await refundPayment(tx, services, extensions, order.id);
  const move = { tx, action, from, to, orderId: order.id, orderNo: order.order_no, userId: order.user_id, source: order.source, payAmount, reason: cancelReason };
  for (const hook of extensions(orderTransitions)) if (hook.on.includes(action)) await hook.moved(move);

  if (cancelReason) await announce(tx, services, orderCancelled, order.id, { reason: cancelReason, wasPaid: from === STATUS.paid });
  else if (action !== 'refund' && action !== 'cancel' && action !== 'expire') await announce(tx, services, EVENTS[action], order.id);
  if (givesBack) await announce(tx, services, orderRefunded, order.id, { refundAmount: payAmount });
  return true;
}
