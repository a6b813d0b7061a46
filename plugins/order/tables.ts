/**
 * The order plugin's tables, merged into the kernel's `Database`. Money is integer fen; times are
 * unix seconds (null until they happen). The address and goods are snapshots: later edits of an
 * address or a price never change a placed order.
 */
import type { Generated } from 'kysely';
import type { OrderStatus } from './states';

export interface OrderOrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  status: OrderStatus;
  goods_amount: number;
  /** Sum of the adjusters' amounts (negative for discounts). */
  adjust_amount: number;
  pay_amount: number;
  /** JSON `[{ id, label, amount }]` of the adjusters that applied. */
  adjustments: string;
  quantity: number;
  /** The id of the order source that placed it (`cart`, `buy`, or another plugin's: ./sources.ts). */
  source: string;
  consignee: string;
  mobile: string;
  address: string;
  remark: string;
  /** JSON of the invoice request, or '' when none was asked. */
  invoice: string;
  /** 0 not invoiced, 1 invoiced, 2 partly invoiced. */
  invoice_status: Generated<number>;
  created_at: number;
  pay_deadline: number;
  paid_at: number | null;
  shipped_at: number | null;
  expected_delivery_at: number | null;
  received_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  refunded_at: number | null;
  /** `shopper`, `timeout` or `staff`. */
  cancel_reason: Generated<string>;
  /** The parcel's carrier and tracking number, given when it ships; '' before (order_004). */
  carrier: Generated<string>;
  tracking_no: Generated<string>;
  /** The payment method that paid it (`balance` …), '' while unpaid (order_005). */
  payment_method: Generated<string>;
}

/** A provider's notification taken, once per (method, reference) (order_005). */
export interface OrderPaymentNoticeTable {
  id: Generated<number>;
  method: string;
  reference: string;
  order_no: string;
  /** Fen. */
  amount: number;
  outcome: 'paid' | 'refunded';
  created_at: number;
}

export interface OrderGoodsTable {
  id: Generated<number>;
  order_id: number;
  goods_id: number;
  sku_id: number;
  name: string;
  image: string;
  spec: string;
  price: number;
  quantity: number;
  total: number;
  /** The catalogue's English name when the order was placed, '' when it had none (order_002). */
  name_en: Generated<string>;
  /** The spec values in English where the catalogue translated them, '' without specs (order_002). */
  spec_en: Generated<string>;
}

declare module '@kernel/server/database' {
  interface Database {
    order_order: OrderOrderTable;
    order_goods: OrderGoodsTable;
    order_payment_notice: OrderPaymentNoticeTable;
  }
}
