/**
 * The settlement's invoice request: the form's values as the contract's `invoice`, and the first
 * problem with them, found by the contract's own schema (the server checks the same one), so the
 * shopper hears about a bad taxpayer id before anything is sent.
 */
import type { FieldProblem } from '@kernel/client/form';
import * as z from 'zod/mini';
import { invoiceSchema, type InvoiceRequest } from './contract';
import type { InvoiceValues } from './draft';

/** The invoice's fields in page order: form name and wire name (the form's `remark` is the order's). */
export const INVOICE_FIELDS = [
  ['title', 'title'],
  ['tax_no', 'tax_no'],
  ['address', 'address'],
  ['phone', 'phone'],
  ['bank', 'bank'],
  ['account', 'account'],
  ['invoice_remark', 'remark'],
] as const satisfies readonly (readonly [keyof InvoiceValues, keyof InvoiceRequest])[];

/** The invoice the values ask for, trimmed (the taxpayer id upper-cased), without the fields left empty. */
export function invoiceOf(values: InvoiceValues): InvoiceRequest {
  const invoice: Record<string, string> = {};
  for (const [name, wire] of INVOICE_FIELDS) {
    const value = wire === 'tax_no' ? values[name].trim().toUpperCase() : values[name].trim();
    if (value || wire === 'title') invoice[wire] = value;
  }
  return invoice as InvoiceRequest;
}

/** The form field a wire field (`title`, `invoice.remark`…) is typed in; null for none. */
export function formFieldOf(wireField: string): keyof InvoiceValues | null {
  if (wireField === 'remark') return 'remark';
  const name = wireField.replace(/^invoice\./, '');
  if (name === wireField) return null;
  return INVOICE_FIELDS.find(([, wire]) => wire === name)?.[0] ?? null;
}

/** The first problem with the invoice, under its field; null when the server will take it. */
export function invoiceProblem(values: InvoiceValues): FieldProblem | null {
  const result = z.safeParse(invoiceSchema, invoiceOf(values));
  if (result.success) return null;
  const issue = result.error.issues[0];
  const field = formFieldOf(`invoice.${String(issue.path[0])}`) ?? 'title';
  // The schema's own messages are i18n keys; zod's (a length) are not, so they get ours.
  const key = /^[a-z-]+:[a-z_.]+$/i.test(issue.message) ? issue.message : 'order:invoice.too_long';
  return { field, key };
}
