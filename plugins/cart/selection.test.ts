import { describe, expect, it } from 'vitest';
import type { CartLine } from './contract';
import { allSelected, selectionTotals, withQuantity } from './selection';

const line = (id: number, fields: Partial<CartLine> = {}): CartLine => ({
  id, goods_id: id, sku_id: id * 10, name: `goods ${id}`, image: '', spec: '', sale_num: 1, sale_price: '19.99', total: '19.99',
  stock: 10, selected: true, on_sale: true, valid: true, ...fields,
});

describe('cart selection arithmetic', () => {
  it('recomputes a line total from its price at a new quantity, to the fen', () => {
    expect(withQuantity(line(1, { sale_price: '0.10' }), 3)).toEqual({ sale_num: 3, total: '0.30' });
    expect(withQuantity(line(1), 7)).toEqual({ sale_num: 7, total: '139.93' });
  });

  it('totals the selected lines that can be bought, ignoring the others', () => {
    const lines = [
      line(1, { sale_num: 2, total: '39.98' }),
      line(2, { sale_num: 1, total: '0.01' }),
      line(3, { selected: false, total: '5.00' }),
      line(4, { valid: false, selected: true, total: '9.00' }),
    ];
    expect(selectionTotals(lines)).toEqual({ lines: 2, quantity: 3, total: '39.99' });
    expect(selectionTotals([])).toEqual({ lines: 0, quantity: 0, total: '0.00' });
  });

  it('calls the cart all selected when every line that can be bought is', () => {
    expect(allSelected([line(1), line(2, { valid: false, selected: false })])).toBe(true);
    expect(allSelected([line(1), line(2, { selected: false })])).toBe(false);
    expect(allSelected([line(1, { valid: false, selected: false })])).toBe(false);
    expect(allSelected([])).toBe(false);
  });
});
