/**
 * `order.sources`: where an order's goods come from. A source turns what the shopper sent into
 * priced lines, takes the stock it sells from (and gives it back when an order of it is cancelled
 * or expires), and may set its own payment deadline and limits, fixed or per request from its
 * plugin's live settings (`terms`: the deadline, and whether price adjusters such as coupons apply
 * to its orders). `cart` (the cart plugin) and `buy`
 * (./buy-source.ts) are the first; a flash sale adds its own without editing the order plugin.
 * The order records which source placed it (`order_order.source`).
 */
import { BizError } from '@kernel/core/errors';
import { textIn } from '@kernel/core/language';
import type { Extensions, Lang, ServerServices, Tx } from '@kernel/server/plugin';
import { releaseStock, reserveStock, type SkuForSale } from '@plugins/goods/public';

/** What the shopper sent for the source besides its id (`goods_id`, `sku_id`, `num` for `buy`). */
export interface SourcePayload {
  goods_id?: number;
  sku_id?: number;
  num?: number;
}

export interface SourcedLine {
  /** In Chinese, with the English beside it (`nameEn`, `specTextEn`) for the order's snapshot. */
  sku: SkuForSale;
  quantity: number;
  /** The source's own handle on the line (the cart line it came from), or null. */
  ref: number | null;
}

export interface SourceRequest {
  userId: number;
  payload: SourcePayload;
  /** The request's: a refusal names the goods in it. */
  lang: Lang;
  /** Unix seconds, from the kernel's clock (a source open at some times only). */
  now: number;
  /** The kernel's services (the source's own memory of this node is kept per app, by them). */
  services: ServerServices;
}

/** An order being placed from the source's lines, in the placing transaction. */
export interface PlacedFrom {
  userId: number;
  orderId: number;
  orderNo: string;
  lines: readonly SourcedLine[];
  lang: Lang;
  /** The kernel's services: a source may tell of its sale once the order commits (`afterCommit` and the hub). */
  services: ServerServices;
}

/** An order of the source being cancelled or expiring, in that transaction: its lines as stored. */
export interface ReleasedFrom {
  orderId: number;
  orderNo: string;
  userId: number;
  lines: readonly { goodsId: number; skuId: number; quantity: number }[];
  /** Unix seconds, from the kernel's clock. */
  now: number;
  /** It had been paid (a refund): a source whose stock must never return after a payment keeps it. */
  paid: boolean;
  services: ServerServices;
}

export interface OrderSourceDef {
  /** The id a settlement and a confirmation send as `source`, stored on the order. */
  id: string;
  /** The goods as priced lines, refusing (BizError) what cannot be bought. */
  lines(tx: Tx, request: SourceRequest): Promise<SourcedLine[]>;
  /** Takes the stock the lines sell from (and what else the order uses up); refuses (BizError) when short. Runs last: hot rows. */
  reserve(tx: Tx, placed: PlacedFrom): Promise<void>;
  /**
   * A refusal from this node's memory alone, before the placing transaction and its request key
   * are written (HandleOptions.refuseEarly): what the source saw committed a moment ago, such as a
   * flash sale's goods sold out. It only ever refuses; `lines` and `reserve` still decide.
   */
  refuseEarly?(request: Omit<SourceRequest, 'lang'>): void;
  /** Gives back what `reserve` took. */
  release(tx: Tx, order: ReleasedFrom): Promise<void>;
  /** Minutes to pay, instead of the site's `paymentMinutes`. */
  payMinutes?: number;
  /** The most items one order of it may hold. */
  maxQuantity?: number;
  /**
   * Its terms for one request, from the live settings of the site (`settingsOf('seckill')`: the
   * contributing plugin's own, so an edit applies at the next request). What it answers wins over
   * `payMinutes`; without it every term is the default.
   */
  terms?(settingsOf: (plugin: string) => Record<string, unknown>): SourceTerms;
}

/** What a source decides of its orders per request (OrderSourceDef.terms). */
export interface SourceTerms {
  /** Minutes to pay, instead of `payMinutes` and the site's `paymentMinutes`. */
  payMinutes?: number;
  /** false: no price adjuster (coupon…) applies to its orders; the source's prices are final. Default true. */
  adjusters?: boolean;
}

/** The source's terms for a request whose site settings `settingsOf` reads, defaults filled in. */
export function termsOf(source: OrderSourceDef, settingsOf: (plugin: string) => Record<string, unknown>, paymentMinutes: number): Required<SourceTerms> {
  const terms = source.terms?.(settingsOf) ?? {};
  return { payMinutes: terms.payMinutes ?? source.payMinutes ?? paymentMinutes, adjusters: terms.adjusters ?? true };
}

// The point's value lives in ./points.ts, which descriptors may import.
import { orderSources } from './points';
export { orderSources };

/** The enabled source `id`; an unknown one is refused in the shopper's language. */
export function sourceFor(extensions: Extensions, id: string): OrderSourceDef {
  const source = extensions(orderSources).find((s) => s.id === id);
  if (!source) throw new BizError('order:message.unknown_source', { source: id });
  return source;
}

/**
 * The catalogue's stock, for sources that sell from it: reserved in SKU order, so two orders of
 * the same SKUs lock them in the same order and never wait on each other in a circle.
 */
export async function reserveSkuStock(tx: Tx, { lines, lang }: Pick<PlacedFrom, 'lines' | 'lang'>): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.sku.skuId - b.sku.skuId)) {
    if (!(await reserveStock(tx, line.sku.skuId, line.quantity))) {
      throw new BizError('order:message.stock_short', { name: textIn(lang, line.sku.name, line.sku.nameEn), stock: 0 });
    }
  }
}

export async function releaseSkuStock(tx: Tx, { lines }: Pick<ReleasedFrom, 'lines'>): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId)) await releaseStock(tx, line.skuId, line.quantity);
}
