/**
 * `order.adjusters`: plugins that change what an order costs (coupons, flash sales) contribute an
 *   adjuster. Each sees the goods as priced by the catalogue, and the shopper's choice for it (a
 *   coupon), and answers an amount in fen (negative for a discount) or null; the settlement sums
 *   them and never lets the payable amount go below zero. For a preview it may also describe what
 *   the shopper can choose from (`options`), which the settlement screen's section for it shows.
 * What an order's move must undo in its transaction (a coupon comes back) is `order.transitions`
 * (./transitions.ts).
 */
import type { Lang, Tx } from '@kernel/server/plugin';

// The points' values live in ./points.ts, which descriptors may import.
export { orderAdjusters } from './points';

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
  /** What the shopper chose for this adjuster on the settlement screen (`choices[id]`: a coupon's id), if anything. */
  choice: number | undefined;
  /** Unix seconds, from the kernel's clock. */
  now: number;
  /** The request's language: what `options` names is in it. */
  lang: Lang;
  tx: Tx;
}

export interface PriceAdjustment {
  /** i18n key (`namespace:key`) of what changed the price. */
  label: string;
  /** Fen, negative for a discount. */
  amount: number;
  /** Plain text naming it, e.g. the coupon's name (in Chinese). */
  detail?: string;
  /** The same in English, when there is one: the order keeps both and answers in the reader's. */
  detailEn?: string;
}

export interface PriceAdjuster {
  id: string;
  /** The change to the price, or null. When placing, a choice that cannot be honoured refuses (BizError) and the order is not placed. */
  adjust(input: AdjusterInput): Promise<PriceAdjustment | null>;
  /** For previews: what the shopper may choose from (JSON), sent to the settlement screen as `options[id]`. */
  options?(input: AdjusterInput): Promise<unknown>;
}
