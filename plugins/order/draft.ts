/**
 * What the shopper typed on a settlement screen, kept in memory while they step out to pick or
 * add an address (the page is re-mounted on the way back): the invoice, the remark, the
 * "buy now" quantity and the confirmation key, so coming back neither loses the typing nor
 * mints a second key. Forgotten once the order is placed.
 */
import { newRequestKey } from '@kernel/core/request-key';

/** The settlement form: the invoice's fields and the order's remark (a type, so useForm takes it). */
export type InvoiceValues = {
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank: string;
  account: string;
  invoice_remark: string;
  remark: string;
};

export interface SettlementDraft {
  requestKey: string;
  wantsInvoice: boolean;
  values: InvoiceValues;
  /** The "buy now" quantity, once the shopper changed it. */
  num: number | null;
  /** The shopper's choice per price adjuster (a coupon), sent with the preview and the confirmation. */
  choices: Record<string, number>;
}

export const emptyValues = (): InvoiceValues => ({ title: '', tax_no: '', address: '', phone: '', bank: '', account: '', invoice_remark: '', remark: '' });

/** Few at a time: one per settlement screen the shopper left without placing the order. */
const drafts = new Map<string, SettlementDraft>();
const KEEP = 5;

/** The draft of one screen (shopper and query), made on first use. */
export function draftFor(key: string): SettlementDraft {
  let draft = drafts.get(key);
  if (!draft) {
    draft = { requestKey: newRequestKey(), wantsInvoice: false, values: emptyValues(), num: null, choices: {} };
    drafts.set(key, draft);
    if (drafts.size > KEEP) drafts.delete(drafts.keys().next().value as string);
  }
  return draft;
}

export const forgetDraft = (key: string): void => void drafts.delete(key);

/** For tests: a fresh start. */
export const forgetDrafts = (): void => drafts.clear();
