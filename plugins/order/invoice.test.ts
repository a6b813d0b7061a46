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
    expect(invoiceProblem(values({}))).toEqual({ field: 'title', key: 'order:validation.invoice_title' });
    expect(invoiceProblem(values({ title: '某公司', tax_no: '12345' }))).toEqual({ field: 'tax_no', key: 'order:validation.tax_no' });
    expect(invoiceProblem(values({ title: 'x'.repeat(61) }))).toEqual({ field: 'title', key: 'order:validation.invoice_title_long' });
    expect(invoiceProblem(values({ title: '某公司', bank: 'x'.repeat(61) }))).toEqual({ field: 'bank', key: 'order:invoice.too_long' });
    expect(invoiceProblem(values({ title: '某公司', tax_no: '91440300MA5EXAMPLE' }))).toBeNull();
  });

  it('takes a taxpayer id of 15, 18 or 20 digits and upper-case letters, typed in any case', () => {
    const taxNo = (tax_no: string) => invoiceProblem(values({ title: '某公司', tax_no }));
    for (const good of ['440300123456789', '91440300MA5EXAMPLE', '91440300ma5example', '44030012345678901234']) expect(taxNo(good), good).toBeNull();
    for (const bad of ['4403001234567890', '91440300MA5EXAMPL', '4403001234567890123', '91440300MA5EXAMPLE-', '9144 0300 MA5E XAMP']) {
      expect(taxNo(bad), bad).toEqual({ field: 'tax_no', key: 'order:validation.tax_no' });
    }
  });

  it('maps a refused wire field to the form field', () => {
    expect(formFieldOf('invoice.remark')).toBe('invoice_remark');
    expect(formFieldOf('invoice.tax_no')).toBe('tax_no');
    expect(formFieldOf('remark')).toBe('remark');
    expect(formFieldOf('num')).toBeNull();
  });
});
