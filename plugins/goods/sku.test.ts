import { describe, expect, it } from 'vitest';
import type { Sku, SpecDimension } from './contract';
import { choose, initialSelection, isAvailable, specKey, view, type Selection } from './sku';

const specs: SpecDimension[] = [
  { name: '颜色', values: ['红', '蓝'] },
  { name: '尺码', values: ['S', 'M', 'L'] },
];
const sku = (id: number, colour: string, size: string, price: string, stock: number, image = '', market_price = '15.00'): Sku => ({
  id, spec: { 颜色: colour, 尺码: size }, price, market_price, stock, image,
});
// 红M is sold out and 蓝L does not exist.
const skus = [
  sku(1, '红', 'S', '10.00', 5, '/red.svg'),
  sku(2, '红', 'M', '11.00', 0, '/red.svg'),
  sku(3, '红', 'L', '12.00', 3, '/red.svg', '16.00'),
  sku(4, '蓝', 'S', '9.00', 2, '', '11.00'),
  sku(5, '蓝', 'M', '9.50', 4, '', '9.50'),
];
const goods = { price: '9.00', image: '/goods.svg', market_price: '11.00' };

describe('SKU chooser', () => {
  it('keys a SKU by its values in spec order, whatever order the object lists them', () => {
    expect(specKey(specs, { 尺码: 'M', 颜色: '红' })).toBe(specKey(specs, { 颜色: '红', 尺码: 'M' }));
    expect(specKey(specs, { 颜色: '红', 尺码: 'M' })).not.toBe(specKey(specs, { 颜色: '红', 尺码: 'L' }));
    expect(specKey([], {})).toBe('[]');
  });

  it('starts with only single-value dimensions chosen', () => {
    expect(initialSelection(specs)).toEqual([null, null]);
    expect(initialSelection([{ name: '规格', values: ['标准'] }, specs[1]])).toEqual(['标准', null]);
    expect(initialSelection([])).toEqual([]);
  });

  it('toggles a value on and off and switches between values', () => {
    expect(choose([null, null], 0, '红')).toEqual(['红', null]);
    expect(choose(['红', null], 0, '红')).toEqual([null, null]);
    expect(choose(['红', 'S'], 0, '蓝')).toEqual(['蓝', 'S']);
  });

  it('disables a sold-out combination and one that does not exist', () => {
    expect(isAvailable(specs, skus, ['红', null], 1, 'M')).toBe(false);
    expect(isAvailable(specs, skus, ['蓝', null], 1, 'L')).toBe(false);
    expect(isAvailable(specs, skus, [null, 'M'], 0, '红')).toBe(false);
    expect(isAvailable(specs, skus, [null, 'L'], 0, '蓝')).toBe(false);
    expect(isAvailable(specs, skus, ['红', null], 1, 'L')).toBe(true);
    expect(isAvailable(specs, skus, [null, null], 1, 'M')).toBe(true);
  });

  it('offers a value exactly when some in-stock SKU completes the choice (every state, every option)', () => {
    const states: Selection[] = [];
    for (const colour of [null, '红', '蓝']) for (const size of [null, 'S', 'M', 'L']) states.push([colour, size]);
    const inStock = new Set(skus.filter((s) => s.stock > 0).map((s) => `${s.spec['颜色']}/${s.spec['尺码']}`));
    for (const state of states) {
      specs.forEach((dim, d) => {
        for (const value of dim.values) {
          const next = state.map((v, i) => (i === d ? value : v));
          const completions = specs[0].values.flatMap((c) => specs[1].values.map((s) => [c, s]));
          const expected = completions.some(
            ([c, s]) => (next[0] === null || next[0] === c) && (next[1] === null || next[1] === s) && inStock.has(`${c}/${s}`),
          );
          expect(isAvailable(specs, skus, state, d, value), `${JSON.stringify(state)} ${dim.name}=${value}`).toBe(expected);
        }
      });
    }
  });

  it('shows the price range, stock and missing dimensions of a partial choice', () => {
    expect(view(specs, skus, [null, null], goods)).toEqual({
      sku: null, missing: ['颜色', '尺码'], minPrice: '9.00', maxPrice: '12.00', stock: 14, image: '/goods.svg', marketMinPrice: null, marketMaxPrice: null,
    });
    expect(view(specs, skus, ['红', null], goods)).toMatchObject({ sku: null, missing: ['尺码'], minPrice: '10.00', maxPrice: '12.00', stock: 8 });
  });

  it('shows the chosen SKU with its price, stock and own picture once every dimension is chosen', () => {
    expect(view(specs, skus, ['红', 'L'], goods)).toEqual({
      sku: skus[2], missing: [], minPrice: '12.00', maxPrice: '12.00', stock: 3, image: '/red.svg', marketMinPrice: '16.00', marketMaxPrice: '16.00',
    });
    expect(view(specs, skus, ['蓝', 'S'], goods)).toMatchObject({ sku: skus[3], image: '/goods.svg', stock: 2 });
  });

  it('designates no SKU for a combination that does not exist', () => {
    expect(view(specs, skus, ['蓝', 'L'], goods)).toMatchObject({ sku: null, missing: [], stock: 0, minPrice: '9.00' });
  });

  it('designates the only SKU of a goods without specs', () => {
    const single: Sku = { id: 9, spec: {}, price: '39.90', market_price: '49.90', stock: 12, image: '' };
    expect(view([], [single], [], { price: '39.90', image: '/w.svg', market_price: '49.90' })).toEqual({
      sku: single, missing: [], minPrice: '39.90', maxPrice: '39.90', stock: 12, image: '/w.svg', marketMinPrice: '49.90', marketMaxPrice: '49.90',
    });
  });

  it("shows the chosen SKU's own \"was\" price, not the goods'", () => {
    expect(view(specs, skus, ['红', 'S'], goods).marketMinPrice).toBe('15.00');
    expect(view(specs, skus, ['红', 'L'], goods)).toMatchObject({ marketMinPrice: '16.00', marketMaxPrice: '16.00' });
  });

  it('shows, before a SKU is chosen, the range of "was" prices beside the price range, never one "was" price below its top', () => {
    expect(view(specs, skus, ['红', null], goods)).toMatchObject({ minPrice: '10.00', maxPrice: '12.00', marketMinPrice: '15.00', marketMaxPrice: '16.00' });
    const sameWas = skus.map((s) => ({ ...s, market_price: '15.00' }));
    expect(view(specs, sameWas, ['红', null], goods)).toMatchObject({ marketMinPrice: '15.00', marketMaxPrice: '15.00' });
    // 蓝M sells at its "was" price: no saving to show for the choice as a whole.
    expect(view(specs, skus, [null, null], goods)).toMatchObject({ marketMinPrice: null, marketMaxPrice: null });
  });

  it('hides a "was" price that is not above the price', () => {
    expect(view(specs, skus, ['蓝', 'M'], goods)).toMatchObject({ minPrice: '9.50', marketMinPrice: null });
    const cheaper = { ...skus[3], market_price: '8.00' };
    expect(view(specs, [cheaper], ['蓝', 'S'], goods).marketMinPrice).toBeNull();
    expect(view(specs, skus, ['蓝', 'L'], goods).marketMinPrice).toBeNull();
  });

  it("falls back to the goods' \"was\" price for a reply without SKU market prices", () => {
    const { market_price: _, ...old } = skus[3];
    expect(view(specs, [old], ['蓝', 'S'], goods).marketMinPrice).toBe('11.00');
  });

  it('names the missing dimensions by their label in the shopper\'s language when the reply has one', () => {
    const labelled = [{ ...specs[0], label: 'Colour' }, specs[1]];
    expect(view(labelled, skus, [null, null], goods).missing).toEqual(['Colour', '尺码']);
  });
});
