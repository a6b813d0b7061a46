/**
 * `order.transitions`: what other plugins do when an order moves, inside the move's transaction,
 * for what must commit with it or not at all (a coupon the order used comes back when it is
 * cancelled). What may happen later (commission, a message) subscribes to the move's event
 * instead (public.ts), so its failure never undoes the move.
 */
import type { Tx } from '@kernel/server/plugin';
import type { OrderAction, OrderStatus } from './states';

export type CancelReason = 'shopper' | 'timeout' | 'staff';

/** One move of one order, as its hooks see it (after the state changed, before the commit). */
export interface OrderMove {
  tx: Tx;
  action: OrderAction;
  from: OrderStatus;
  to: OrderStatus;
  orderId: number;
  orderNo: string;
  userId: number;
  /** The source that placed it (`cart`, `buy` …). */
  source: string;
  /** Fen. */
  payAmount: number;
  /** Why a cancelled or expired order was cancelled. */
  reason?: CancelReason;
}

export interface OrderTransitionHook {
  id: string;
  /** The moves it runs on. */
  on: readonly OrderAction[];
  /** Throwing rolls the move back with it. */
  moved(move: OrderMove): Promise<void>;
}

// The point's value lives in ./points.ts, which descriptors may import.
export { orderTransitions } from './points';
