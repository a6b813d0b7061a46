/**
 * What the order pages show, as pure rules: the settlement source a query designates, the tab of
 * "my orders", the name of a state, the actions a state allows (the server's own transition
 * table, so a button never offers what the server refuses), the timestamps of a detail, and the
 * request key that makes a confirmation happen once.
 */
import type { OrderDetail } from './contract';
import { next, STATUS, TAB_NAMES, type ListTab, type OrderStatus } from './states';

/** One SKU bought at once: "buy now", or another plugin's source of the same shape (a flash sale). */
export interface OneSkuSource {
  source: string;
  goods_id: number;
  sku_id: number;
  num: number;
}

/**
 * `?from=cart`, or `?from=buy&goods_id=&sku_id=&num=` (spec: settlement from the cart or "buy
 * now"); another order source of one SKU links with its own id in `from` (the server refuses one
 * it does not know).
 */
export type SettlementSource = { source: 'cart' } | OneSkuSource;

export const isOneSku = (source: SettlementSource | null): source is OneSkuSource => source !== null && 'sku_id' in source;

const SOURCE_ID = /^[a-z][a-z0-9_-]{0,31}$/;

const positive = (value: string | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The source a settlement query designates; null when it designates none. */
export function settlementSource(query: Record<string, string>): SettlementSource | null {
  if (query.from === 'cart') return { source: 'cart' };
  if (!SOURCE_ID.test(query.from ?? '')) return null;
  const goodsId = positive(query.goods_id);
  const skuId = positive(query.sku_id);
  if (goodsId === null || skuId === null) return null;
  return { source: query.from, goods_id: goodsId, sku_id: skuId, num: positive(query.num) ?? 1 };
}

/** The settlement query for buying one SKU at once. */
export const buyQuery = (goodsId: number, skuId: number, num = 1) => ({ from: 'buy', goods_id: goodsId, sku_id: skuId, num });

export const TABS: readonly ListTab[] = TAB_NAMES;

/** The tab `?type=` names, else "all". */
export const tabOf = (type: string | undefined): ListTab => (TABS as readonly string[]).includes(type ?? '') ? (type as ListTab) : 'all';

const STATUS_NAMES = Object.fromEntries(Object.entries(STATUS).map(([name, value]) => [value, name])) as Record<OrderStatus, keyof typeof STATUS>;

/** The i18n key of a state's name: `order:status.placed` (待付款)… */
export const statusKey = (status: OrderStatus): string => `order:status.${STATUS_NAMES[status] ?? 'placed'}`;

export type ShopperAction = 'pay' | 'cancel' | 'receive';

/** The shopper's actions on an order in `status`, in the order the buttons show (the main one last). */
export function actionsFor(status: OrderStatus): ShopperAction[] {
  return (['cancel', 'receive', 'pay'] as const).filter((action) => next(status, action) !== null);
}

/** Whether the order is paid: cancelling it refunds the balance (the confirmation says so). */
export const isPaid = (status: OrderStatus): boolean => status === STATUS.paid;

/** The timestamps of an order's detail, in the order they happen, with their labels. */
export const TIMESTAMPS = [
  ['createtime', 'order:detail.created'],
  ['paytime', 'order:detail.paid'],
  ['shiptime', 'order:detail.shipped'],
  ['deliverytime', 'order:detail.delivery'],
  ['receivetime', 'order:detail.received'],
  ['completetime', 'order:detail.completed'],
  ['canceltime', 'order:detail.cancelled'],
  ['refundtime', 'order:detail.refunded'],
] as const satisfies readonly (readonly [keyof OrderDetail, string])[];

/** Those `order` has, as [label key, unix seconds]. */
export function timestampsOf(order: Pick<OrderDetail, (typeof TIMESTAMPS)[number][0]>): [string, number][] {
  return TIMESTAMPS.flatMap(([field, label]) => {
    const value = order[field];
    return typeof value === 'number' && value > 0 ? [[label, value] as [string, number]] : [];
  });
}

/** Invoice states (spec §4): 0 not invoiced, 1 invoiced, 2 partly invoiced. */
export const invoiceStateKey = (state: 0 | 1 | 2): string => `order:invoice.state_${state}`;

