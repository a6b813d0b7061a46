/**
 * The `order.adjusters` server extension point: plugins that change what an order costs (coupons,
 * flash sales) contribute an adjuster. Each sees the goods as priced by the catalogue and answers
 * an amount in fen (negative for a discount) or null; the settlement sums them and never lets the
 * payable amount go below zero.
 */
import type { Tx } from '@kernel/server/plugin';
import { createExtensionPoint } from '@kernel/core/extension';

export interface PricedLine {
  goodsId: number;
  skuId: number;
  /** Fen. */
  price: number;
  quantity: number;
  /** price × quantity, fen. */
  total: number;
}

export interface AdjusterInput {
  userId: number;
  lines: readonly PricedLine[];
  /** Fen. */
  goodsAmount: number;
  /** Placing (true) may consume what it uses (a coupon); a preview (false) must not. */
  placing: boolean;
  /** The order's number when placing, '' for a preview. */
  orderNo: string;
  tx: Tx;
}

export interface PriceAdjuster {
  id: string;
  adjust(input: AdjusterInput): Promise<{ label: string; amount: number } | null>;
}

/** The point itself: the order plugin offers it (its descriptor's `offers`); others fill it through `public.ts`. */
export const orderAdjusters = createExtensionPoint<PriceAdjuster>('order.adjusters');
