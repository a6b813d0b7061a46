/**
 * What other plugins may use of the order plugin on the server (with `contract.ts` and
 * `plugin.ts`): its extension points `order.adjusters`, through which coupons and flash sales
 * change what an order costs, `order.transitions`, through which they act inside an order's move
 * (a coupon comes back when it is cancelled), and `order.sources`, through which they place
 * orders of their own (a flash sale).
 * A plugin filling one lists `order` in its `requires` and the point in its `fills`, and
 * contributes `contribute(orderAdjusters, adjuster)`. Its events (below) tell other plugins of each
 * move after it commits.
 */
import { defineEvent } from '@kernel/server/events';

export {
  orderAdjusters,
  type AdjusterInput,
  type PriceAdjuster,
  type PriceAdjustment,
  type PricedLine,
} from './adjusters';
export { orderTransitions, type CancelReason, type OrderMove, type OrderTransitionHook } from './transitions';
export {
  orderSources,
  releaseSkuStock,
  reserveSkuStock,
  type OrderSourceDef,
  type PlacedFrom,
  type ReleasedFrom,
  type SourcedLine,
  type SourcePayload,
  type SourceRequest,
  type SourceTerms,
} from './sources';
export { catalogueLines, type WantedLine } from './lines';
export { STATUS, type OrderAction, type OrderStatus } from './states';
export { orderLines, orderProgress, type OrderProgress } from './progress';
export { paidOrderCounts } from './paid-counts';
export { orderPayments, type PaymentInput, type PaymentMethod, type PaymentNext, type PaymentNotice, type PaymentOrder, type PaymentStart, type ProviderReply, type RawNotification } from './payments';

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
