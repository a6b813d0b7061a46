/**
 * What staff read of orders from the command line (`storefront order list`, `order show`): any
 * shopper's, with the shopper's username, money in fen as stored. Shoppers read theirs through
 * queries.ts, only ever their own.
 */
import type { OperatorContext } from '@kernel/server/plugin';
import type { Selectable } from 'kysely';
import type { InvoiceRequest } from './contract';
import type { StoredAdjustment } from './pricing';
import { STATUS, type OrderStatus } from './states';
import type { OrderGoodsTable, OrderOrderTable } from './tables';

/** A state by the name operators type (`--state paid`): STATUS's own, with `placed` called `unpaid`. */
export type StateName = Exclude<keyof typeof STATUS, 'placed'> | 'unpaid';
const nameOf = (key: keyof typeof STATUS): StateName => (key === 'placed' ? 'unpaid' : key);
export const STATE_NAMES = Object.fromEntries(Object.entries(STATUS).map(([key, status]) => [nameOf(key as keyof typeof STATUS), status])) as Record<StateName, OrderStatus>;
export const stateNameOf = (status: OrderStatus): StateName => nameOf((Object.keys(STATUS) as (keyof typeof STATUS)[]).find((key) => STATUS[key] === status) ?? 'placed');

type Ctx = Pick<OperatorContext, 'db' | 'services'>;

export interface OrderFilter {
  state?: StateName;
  source?: string;
  /** Placed at or after this unix second. */
  since?: number;
  limit: number;
}

/** The newest orders matching `filter`, newest first. */
export async function latestOrders({ db, services }: Ctx, filter: OrderFilter) {
  let query = db
    .selectFrom('order_order')
    .select(['order_no', 'user_id', 'status', 'source', 'quantity', 'goods_amount', 'pay_amount', 'created_at'])
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.state !== undefined) query = query.where('status', '=', STATE_NAMES[filter.state]);
  if (filter.source !== undefined) query = query.where('source', '=', filter.source);
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  const rows = await query.execute();
  const shoppers = await services.users.byIds(db, rows.map((row) => row.user_id));
  return rows.map((row) => ({
    order_no: row.order_no,
    user_id: row.user_id,
    username: shoppers.get(row.user_id)?.username ?? `user ${row.user_id}`,
    state: stateNameOf(row.status),
    source: row.source,
    quantity: Number(row.quantity),
    goods_amount: Number(row.goods_amount),
    pay_amount: Number(row.pay_amount),
    created_at: Number(row.created_at),
  }));
}

const time = (value: number | null) => (value === null ? null : Number(value));

/** One order, whole: lines, amounts, state, timeline, address, parcel and invoice; null when there is none. */
export async function orderForStaff({ db, services }: Ctx, orderNo: string) {
  const order: Selectable<OrderOrderTable> | undefined = await db.selectFrom('order_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  if (!order) return null;
  const lines: Selectable<OrderGoodsTable>[] = await db.selectFrom('order_goods').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
  const shopper = await services.users.find(db, { id: order.user_id });
  return {
    order_no: order.order_no,
    user_id: order.user_id,
    username: shopper?.username ?? `user ${order.user_id}`,
    state: stateNameOf(order.status),
    source: order.source,
    lines: lines.map((g) => ({ goods_id: g.goods_id, sku_id: g.sku_id, name: g.name, spec: g.spec, price: Number(g.price), quantity: Number(g.quantity), total: Number(g.total) })),
    goods_amount: Number(order.goods_amount),
    adjustments: (JSON.parse(order.adjustments) as StoredAdjustment[]).map((a) => ({ id: a.id, label: a.label, amount: Number(a.amount), detail: a.detail ?? '' })),
    pay_amount: Number(order.pay_amount),
    timeline: {
      placed: Number(order.created_at),
      pay_deadline: Number(order.pay_deadline),
      paid: time(order.paid_at),
      shipped: time(order.shipped_at),
      expected_delivery: time(order.expected_delivery_at),
      received: time(order.received_at),
      completed: time(order.completed_at),
      cancelled: time(order.cancelled_at),
      refunded: time(order.refunded_at),
    },
    cancel_reason: order.cancel_reason,
    address: { consignee: order.consignee, mobile: order.mobile, address: order.address },
    carrier: order.carrier,
    tracking_no: order.tracking_no,
    remark: order.remark,
    invoice: order.invoice ? (JSON.parse(order.invoice) as InvoiceRequest) : null,
    invoice_status: Number(order.invoice_status),
  };
}

export type StaffOrder = NonNullable<Awaited<ReturnType<typeof orderForStaff>>>;
