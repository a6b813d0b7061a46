/** Wire-shaped orders for the order plugin's browser tests. */
import type { OrderDetail, OrderLine, OrderSummary, Settlement } from './contract';
import { STATUS, type OrderStatus } from './states';

/** Unix seconds of a local wall-clock time, so formatted times read the same in any time zone. */
export const at = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number =>
  Math.floor(new Date(year, month - 1, day, hour, minute, second).getTime() / 1000);

export const orderNo = (n: number): string => `2026030210000000${String(n).padStart(4, '0')}`;

export const line = (skuId: number, fields: Partial<OrderLine> = {}): OrderLine => ({
  goods_id: 7,
  sku_id: skuId,
  name: '极光 X5 手机',
  image: `/x5-${skuId}.svg`,
  spec: '黑 / 128G',
  price: '2999.00',
  num: 1,
  total: '2999.00',
  ...fields,
});

export const settlement = (fields: Partial<Settlement> = {}): Settlement => ({
  address: { id: 3, consignee: '王小明', mobile: '13800138000', address: '广东省深圳市南山区 科技园路1号' },
  lines: [line(1, { num: 2, total: '5998.00' })],
  goods_amount: '5998.00',
  adjustments: [],
  pay_amount: '5998.00',
  options: {},
  num: 2,
  money: '10000.00',
  pay_minutes: 30,
  ...fields,
});

export const summary = (n: number, status: OrderStatus, fields: Partial<OrderSummary> = {}): OrderSummary => ({
  order_no: orderNo(n),
  source: 'cart',
  status,
  goods_amount: '2999.00',
  pay_amount: '2999.00',
  num: 1,
  lines: [line(n)],
  createtime: at(2026, 3, 2, 10, 0, 0),
  pay_deadline: at(2026, 3, 2, 10, 30, 0),
  ...fields,
});

export const detail = (n: number, status: OrderStatus = STATUS.placed, fields: Partial<OrderDetail> = {}): OrderDetail => ({
  ...summary(n, status),
  address: { consignee: '王小明', mobile: '13800138000', address: '广东省深圳市南山区 科技园路1号' },
  adjustments: [],
  remark: '',
  invoice: null,
  invoice_status: 0,
  paytime: null,
  shiptime: null,
  deliverytime: null,
  carrier: '',
  tracking_no: '',
  receivetime: null,
  completetime: null,
  canceltime: null,
  refundtime: null,
  cancel_reason: '',
  now: at(2026, 3, 2, 10, 5, 0),
  money: '3500.00',
  ...fields,
});
