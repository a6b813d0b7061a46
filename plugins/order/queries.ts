/** Reading orders: "my orders" by tab and one order's detail; only ever the caller's own. */
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import type { Db, Lang } from '@kernel/server/plugin';
import { textIn } from '@kernel/core/language';
import { ledgerBalance } from '@kernel/server/services/ledger-reads';
import type { InvoiceRequest, OrderCounts, OrderDetail, OrderLine, OrderPage, OrderSummary } from './contract';
import { wireAdjustment, type StoredAdjustment } from './pricing';
import { LIST_TABS, STATUS, type ListTab } from './states';
import type { OrderGoodsTable, OrderOrderTable } from './tables';
import type { Selectable } from 'kysely';

type OrderRow = Selectable<OrderOrderTable>;
type GoodsRow = Selectable<OrderGoodsTable>;

/** A goods line from its snapshot, in the request's language (the Chinese where the snapshot has no English). */
const toLine = (g: GoodsRow, lang: Lang): OrderLine => ({
  goods_id: g.goods_id,
  sku_id: g.sku_id,
  name: textIn(lang, g.name, g.name_en),
  image: g.image,
  spec: textIn(lang, g.spec, g.spec_en),
  price: formatYuan(Number(g.price)),
  num: g.quantity,
  total: formatYuan(Number(g.total)),
});

const toSummary = (o: OrderRow, goods: GoodsRow[], lang: Lang): OrderSummary => ({
  order_no: o.order_no,
  source: o.source,
  status: o.status,
  goods_amount: formatYuan(Number(o.goods_amount)),
  pay_amount: formatYuan(Number(o.pay_amount)),
  num: o.quantity,
  lines: goods.map((g) => toLine(g, lang)),
  createtime: Number(o.created_at),
  pay_deadline: Number(o.pay_deadline),
});

async function goodsOf(db: Db, orderIds: number[]): Promise<Map<number, GoodsRow[]>> {
  const byOrder = new Map<number, GoodsRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom('order_goods').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

export async function listOrders(db: Db, userId: number, tab: ListTab, page: number, limit: number, lang: Lang = 'zh-Hans'): Promise<OrderPage> {
  const states = LIST_TABS[tab];
  let query = db.selectFrom('order_order').where('user_id', '=', userId);
  if (states) query = query.where('status', 'in', [...states]);
  const [{ total }] = await query.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await query.selectAll().orderBy('id', 'desc').limit(limit).offset((page - 1) * limit).execute();
  const goods = await goodsOf(db, rows.map((r) => r.id));
  return { list: rows.map((r) => toSummary(r, goods.get(r.id) ?? [], lang)), total: Number(total), page, limit };
}

export async function orderDetail(db: Db, userId: number, orderNo: string, now: number, lang: Lang = 'zh-Hans'): Promise<OrderDetail> {
  const order = await db.selectFrom('order_order').selectAll().where('order_no', '=', orderNo).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw new BizError('order:message.not_found');
  const goods = (await goodsOf(db, [order.id])).get(order.id) ?? [];
  const adjustments = (JSON.parse(order.adjustments) as StoredAdjustment[]).map((a) => wireAdjustment(a, lang));
  const time = (value: number | null) => (value === null ? null : Number(value));
  const money = await ledgerBalance(db, userId, 'money');
  return {
    ...toSummary(order, goods, lang),
    address: { consignee: order.consignee, mobile: order.mobile, address: order.address },
    adjustments,
    remark: order.remark,
    invoice: order.invoice ? (JSON.parse(order.invoice) as InvoiceRequest) : null,
    invoice_status: order.invoice_status as 0 | 1 | 2,
    paytime: time(order.paid_at),
    shiptime: time(order.shipped_at),
    deliverytime: time(order.expected_delivery_at),
    carrier: order.carrier,
    tracking_no: order.tracking_no,
    receivetime: time(order.received_at),
    completetime: time(order.completed_at),
    canceltime: time(order.cancelled_at),
    refundtime: time(order.refunded_at),
    cancel_reason: order.cancel_reason as OrderDetail['cancel_reason'],
    now,
    money: formatYuan(money),
  };
}

/** The states the member centre counts, each under the name of its entry. */
const COUNTED = { unpaid: STATUS.placed, toship: STATUS.paid, shipping: STATUS.shipped, received: STATUS.received } as const;

export async function orderCounts(db: Db, userId: number): Promise<OrderCounts> {
  const rows = await db
    .selectFrom('order_order')
    .select(['status', (eb) => eb.fn.countAll<number>().as('total')])
    .where('user_id', '=', userId)
    .where('status', 'in', Object.values(COUNTED))
    .groupBy('status')
    .execute();
  const byStatus = new Map(rows.map((row) => [row.status, Number(row.total)]));
  return Object.fromEntries(Object.entries(COUNTED).map(([name, status]) => [name, byStatus.get(status) ?? 0])) as unknown as OrderCounts;
}
