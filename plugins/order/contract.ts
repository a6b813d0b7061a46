/**
 * The order plugin's calls (spec: "calls not shown", so in the style of §7): settlement preview,
 * confirmation, payment with the balance, cancel, receipt, my orders and an order's detail.
 * Prices and totals are the server's: no call takes an amount from the client.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, limit, optionalText, page, quantity, requestKey } from '@kernel/core/schemas';
import { TAB_NAMES, type OrderStatus } from './states';

/**
 * Where the goods come from: an order source's id (`cart`: the cart's selected lines, `buy`: one SKU
 * bought at once, or another plugin's); the server refuses one no enabled plugin registers.
 */
const source = {
  source: z.string({ error: 'order:validation.source' }).check(z.regex(/^[a-z][a-z0-9_-]{0,31}$/, { error: 'order:validation.source' })),
  goods_id: z.optional(id()),
  sku_id: z.optional(id()),
  num: z.optional(quantity()),
  /** The shopper's choice per price adjuster (`{ coupon: 12 }`); each adjuster checks its own. */
  choices: z.optional(z.record(z.string().check(z.regex(/^[a-z][a-z0-9.-]*$/)), id())),
};

export const invoiceSchema = z.object({
  title: z.string({ error: 'order:validation.invoice_title' }).check(
    z.trim(),
    z.minLength(1, { error: 'order:validation.invoice_title' }),
    z.maxLength(60, { error: 'order:validation.invoice_title_long' }),
  ),
  /**
   * Taxpayer id: 15, 18 (unified social credit code) or 20 digits and upper-case letters; typed
   * in lower case it is the same id, so it is upper-cased before the check.
   */
  tax_no: z.optional(
    z.string().check(z.trim(), z.toUpperCase(), z.regex(/^([0-9A-Z]{15}|[0-9A-Z]{18}|[0-9A-Z]{20})?$/, { error: 'order:validation.tax_no' })),
  ),
  address: optionalText(120),
  phone: optionalText(30),
  bank: optionalText(60),
  account: optionalText(40),
  remark: optionalText(120),
});
export type InvoiceRequest = z.output<typeof invoiceSchema>;

export interface AddressSnapshot {
  consignee: string;
  mobile: string;
  /** Province, city, district and street in one line. */
  address: string;
}

export interface OrderLine {
  goods_id: number;
  sku_id: number;
  name: string;
  image: string;
  spec: string;
  /** Yuan. */
  price: string;
  num: number;
  /** price × num, yuan. */
  total: string;
}

export interface Adjustment {
  id: string;
  /** i18n key or text of what changed the price (a coupon, a flash sale). */
  label: string;
  /** Yuan, negative for a discount. */
  amount: string;
  /** Plain text naming it (a coupon's name). */
  detail?: string;
}

export interface Settlement {
  /** The chosen address, else the default one; null when the shopper has none. */
  address: (AddressSnapshot & { id: number }) | null;
  lines: OrderLine[];
  goods_amount: string;
  adjustments: Adjustment[];
  pay_amount: string;
  /** Per adjuster id, what the shopper may choose from (a coupon plugin's usable coupons): its settlement section reads it. */
  options: Record<string, unknown>;
  num: number;
  /** The shopper's balance, yuan. */
  money: string;
  pay_minutes: number;
}

export interface OrderSummary {
  order_no: string;
  /** The order source that placed it: `cart`, `buy`, or another plugin's (`seckill`: a flash-sale order, tagged so). */
  source: string;
  status: OrderStatus;
  goods_amount: string;
  pay_amount: string;
  num: number;
  lines: OrderLine[];
  createtime: number;
  /** Unix seconds; payment is refused after it. */
  pay_deadline: number;
}

export interface OrderDetail extends OrderSummary {
  address: AddressSnapshot;
  adjustments: Adjustment[];
  remark: string;
  invoice: InvoiceRequest | null;
  /** 0 not invoiced, 1 invoiced, 2 partly invoiced. */
  invoice_status: 0 | 1 | 2;
  paytime: number | null;
  shiptime: number | null;
  /** Expected delivery, set when the order ships. */
  deliverytime: number | null;
  /** The parcel's carrier (顺丰速运) and tracking number once shipped; '' before, or when staff gave none. */
  carrier: string;
  tracking_no: string;
  receivetime: number | null;
  completetime: number | null;
  canceltime: number | null;
  /** When the shop refunded the order (state 6). */
  refundtime: number | null;
  cancel_reason: '' | 'shopper' | 'timeout' | 'staff';
  /** Server time of the reply, for the payment countdown. */
  now: number;
  /** The caller's balance now, yuan: the payment screen says whether it is enough. */
  money: string;
}

export interface PayReply {
  order_no: string;
  /** Paid at once, or still placed while a provider's confirmation is awaited (`next`). */
  status: OrderStatus;
  /** The caller's balance after the call, yuan. */
  money: string;
  /** A payment a provider confirms later: where the shopper goes, or what they scan. */
  next?: { method: string; redirect_url?: string; qr_code?: string };
}

/** A way to pay, as the pay page lists it. */
export interface PayMethodInfo {
  id: string;
  /** Its name in the caller's language. */
  name: string;
}

/** How many of the caller's orders wait in each state: the member centre's order entries. */
export interface OrderCounts {
  unpaid: number;
  toship: number;
  shipping: number;
  /** Received and not yet completed: still in the after-sales window. */
  received: number;
}

export interface OrderPage {
  list: OrderSummary[];
  total: number;
  page: number;
  limit: number;
}

const orderNo = () => z.string().check(z.trim(), z.regex(/^\d{20}$/, { error: 'order:validation.order_no' }));

export const orderContract = {
  settlement: defineCall({
    path: '/api/order/settlement',
    auth: 'required',
    payload: z.object({ ...source, address_id: z.optional(id()) }),
    reply: shape<Settlement>(),
    summary: 'Preview an order: address, goods, server-computed totals',
  }),
  confirm: defineCall({
    path: '/api/order/confirm',
    auth: 'required',
    payload: z.object({
      ...source,
      address_id: id(),
      invoice: z.optional(z.nullable(invoiceSchema)),
      remark: optionalText(200, { multiline: true }),
      /** One key per confirmation screen: the same key never makes a second order. */
      request_key: requestKey(),
    }),
    reply: shape<{ order_no: string; pay_amount: string; pay_deadline: number }>(),
    summary: 'Place the order once: reserve stock, snapshot address and prices',
  }),
  pay: defineCall({
    path: '/api/order/pay',
    auth: 'required',
    /**
     * `request_key`: the pay screen's; a repeat answers the first payment's reply. `method`: one
     * of `payMethods`, the balance by default.
     */
    payload: z.object({ order_no: orderNo(), method: z._default(z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/, { error: 'order:validation.method' })), 'balance'), request_key: z.optional(requestKey()) }),
    reply: shape<PayReply>(),
    summary: 'Pay an order (once): with the balance at once, or start a payment a provider confirms later',
  }),
  payMethods: defineCall({
    path: '/api/order/payMethods',
    auth: 'required',
    payload: z.object({}),
    reply: shape<{ list: PayMethodInfo[] }>(),
    summary: 'The payment methods the site offers, the balance first',
  }),
  cancel: defineCall({
    path: '/api/order/cancel',
    auth: 'required',
    payload: z.object({ order_no: orderNo() }),
    reply: shape<{ order_no: string; status: OrderStatus }>(),
    summary: 'Cancel an unpaid or paid order: stock and payment return',
  }),
  receive: defineCall({
    path: '/api/order/receive',
    auth: 'required',
    payload: z.object({ order_no: orderNo() }),
    reply: shape<{ order_no: string; status: OrderStatus }>(),
    summary: 'Confirm receipt of a shipped order',
  }),
  list: defineCall({
    path: '/api/order/list',
    auth: 'required',
    payload: z.object({ type: z._default(z.enum(TAB_NAMES as [string, ...string[]]), 'all'), page: page(), limit: limit(50, 10) }),
    reply: shape<OrderPage>(),
    summary: 'My orders, newest first, by tab',
  }),
  count: defineCall({
    path: '/api/order/count',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ user_id: z.optional(id()) }),
    reply: shape<OrderCounts>(),
    summary: "How many of the caller's orders wait in each state",
  }),
  detail: defineCall({
    path: '/api/order/detail',
    auth: 'required',
    payload: z.object({ order_no: orderNo() }),
    reply: shape<OrderDetail>(),
    summary: "One of the caller's orders with every timestamp",
  }),
};
