/**
 * What other plugins may use of the order plugin on the server (with `contract.ts` and
 * `plugin.ts`): the `order.adjusters` extension point, through which coupons and flash sales
 * change what an order costs, and `order.cancelled`, through which they undo what an order used.
 * A plugin filling one lists `order` in its `requires` and the point in its `fills`, and
 * contributes `contribute(orderAdjusters, adjuster)`. Its events (below) tell other plugins of each
 * move after it commits.
 */
import { defineEvent } from '@kernel/server/events';

export {
  orderAdjusters,
  orderCancelHooks,
  type AdjusterInput,
  type CancelledOrder,
  type OrderCancelHook,
  type PriceAdjuster,
  type PriceAdjustment,
  type PricedLine,
} from './adjusters';

/**
 * What every order event says of its order, after the move's commit. Amounts in fen; `source`
 * is what placed it (`cart`, `buy` …). Subscribe with `subscribe(orderPaid, 'name', handler)` in
 * the server manifest's `subscribers` (kernel/server/events.ts), `order` in `requires`.
 */
export interface OrderEvent {
  orderNo: string;
  orderId: number;
  userId: number;
  source: string;
  /** What the shopper pays (or paid) for the order. */
  payAmount: number;
}

export interface OrderPlaced extends OrderEvent {
  /** The goods' prices before adjustments (coupons, flash sales). */
  goodsAmount: number;
}

export interface OrderCancelled extends OrderEvent {
  reason: 'shopper' | 'timeout' | 'staff';
  /** It had been paid: `order.refunded` follows in the same transaction. */
  wasPaid: boolean;
}

export interface OrderRefunded extends OrderEvent {
  /** What went back to the shopper's balance. */
  refundAmount: number;
}

export const orderPlaced = defineEvent<OrderPlaced>('order.placed');
export const orderPaid = defineEvent<OrderEvent>('order.paid');
export const orderShipped = defineEvent<OrderEvent>('order.shipped');
export const orderReceived = defineEvent<OrderEvent>('order.received');
export const orderCompleted = defineEvent<OrderEvent>('order.completed');
export const orderCancelled = defineEvent<OrderCancelled>('order.cancelled');
export const orderRefunded = defineEvent<OrderRefunded>('order.refunded');
