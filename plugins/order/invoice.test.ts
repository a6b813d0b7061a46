import { describe, expect, it } from 'vitest';
import { emptyValues } from './draft';
import { formFieldOf, invoiceOf, invoiceProblem } from './invoice';

const values = (fields: Partial<ReturnType<typeof emptyValues>>) => ({ ...emptyValues(), ...fields });

describe('the invoice request of the settlement form', () => {
  it('sends the fields filled in, trimmed, and its own remark', () => {
    expect(invoiceOf(values({ title: ' 个人 ', bank: '招商银行', invoice_remark: '办公用品', remark: '放门卫室' }))).toEqual({
      title: '个人',
      bank: '招商银行',
      remark: '办公用品',
    });
  });

  it('finds the problems the server would refuse, under their field', () => {
    expect(invoiceProblem(values({}))).toEqual({ field: 'title', key: 'kernel:validation.required' });
    expect(invoiceProblem(values({ title: '某公司', tax_no: '12345' }))).toEqual({ field: 'tax_no', key: 'order:validation.tax_no' });
    expect(invoiceProblem(values({ title: '某公司', bank: 'x'.repeat(61) }))).toEqual({ field: 'bank', key: 'order:invoice.too_long' });
    expect(invoiceProblem(values({ title: '某公司', tax_no: '91440300MA5EXAMPLE' }))).toBeNull();
  });

  it('maps a refused wire field to the form field', () => {
    expect(formFieldOf('invoice.remark')).toBe('invoice_remark');
    expect(formFieldOf('invoice.tax_no')).toBe('tax_no');
    expect(formFieldOf('remark')).toBe('remark');
    expect(formFieldOf('num')).toBeNull();
  });
});
