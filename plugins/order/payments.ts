/**
 * `order.payments`: the ways a shopper pays an order. The balance (./pay-balance.ts) is the
 * order plugin's own and always offered; other plugins contribute a method with
 * `contribute(orderPayments, method)` and are offered while the site enables them.
 *
 * A method either takes the money at once (`start` answers `paid`), or hands the shopper's page
 * what it needs next (a redirect URL, a QR code) and confirms later, when the provider's signed
 * notification reaches `POST /notify/order/<method id>` (./notify.ts): `verify` checks its
 * signature over the raw body and says which order and amount it pays. The order records the
 * method that paid it, and every refund goes back through that method.
 */
import type { ServerServices, Tx } from '@kernel/server/plugin';

// The point's value lives in ./points.ts, which descriptors may import.
export { orderPayments } from './points';

/** The order as a method sees it. Amounts in fen. */
export interface PaymentOrder {
  id: number;
  orderNo: string;
  userId: number;
  payAmount: number;
}

export interface PaymentInput {
  tx: Tx;
  services: ServerServices;
  order: PaymentOrder;
}

/** What the shopper's page needs to finish a payment the method confirms later. */
export interface PaymentNext {
  /** Open this page (a provider's cashier). */
  redirectUrl?: string;
  /** Show this as a QR code for the shopper to scan. */
  qrCode?: string;
}

export type PaymentStart = { paid: true } | { paid: false; next: PaymentNext };

/** A notification as it came: the raw body, byte for byte as text, and the headers (lower-case names). */
export interface RawNotification {
  body: string;
  headers: Readonly<Record<string, string | undefined>>;
}

/** What a correctly signed notification says: the provider's own id of the payment, the order, the amount in fen. */
export interface PaymentNotice {
  reference: string;
  orderNo: string;
  amount: number;
}

/** The HTTP reply a provider expects (WeChat Pay: JSON; Alipay: the text `success`). */
export interface ProviderReply {
  status: number;
  contentType: string;
  body: string;
}

export interface PaymentMethod {
  /** `balance`, `wechat`, `alipay`: stored on the order that it paid. */
  id: string;
  /** i18n key (`namespace:key`) of its name on the pay page. */
  label: string;
  /** Takes the money at once, or tells the page what comes next. Refuses with a BizError (a short balance). */
  start(input: PaymentInput): Promise<PaymentStart>;
  /** Methods that confirm later: the notice of a correctly signed notification, null for a bad signature. */
  verify?(notification: RawNotification): PaymentNotice | null;
  /** What the provider expects back when a notification was taken (`accepted`, repeats included) or not. */
  replies?: { accepted: ProviderReply; refused: ProviderReply };
  /** Gives `amount` (fen) of the order back the way it came, in the caller's transaction. */
  refund(input: PaymentInput & { amount: number }): Promise<void>;
}
