import { describe, expect, it } from 'vitest';
import { skuProblems, skuTotals } from './catalogue-rules';

const specs = [{ name: '颜色', values: ['红', '蓝'] }];

describe('catalogue rules', () => {
  it('accepts one SKU per combination with whole fen and stock', () => {
    expect(skuProblems('T', specs, [{ spec: { 颜色: '红' }, price: 100, stock: 1 }, { spec: { 颜色: '蓝' }, price: 120, stock: 0 }])).toEqual([]);
    expect(skuProblems('W', [], [{ spec: {}, price: 3990, stock: 5 }])).toEqual([]);
  });

  it('reports every problem at once, naming the goods and the SKU', () => {
    const problems = skuProblems('T', specs, [
      { spec: { 颜色: '绿' }, price: 9.5, stock: -1 },
      { spec: { 颜色: '红', 尺码: 'L' }, price: 100, stock: 1 },
      { spec: { 颜色: '红' }, price: 100, stock: 1 },
    ]);
    expect(problems).toEqual([
      'goods "T" SKU #1 has price 9.5, expected whole fen ≥ 0',
      'goods "T" SKU #1 has stock -1, expected a whole number ≥ 0',
      'goods "T" SKU #1 has 颜色="绿", expected one of 红, 蓝',
      'goods "T" SKU #2 names spec "尺码", which the goods does not have',
      'goods "T" SKU #3 repeats the combination ["红"]',
    ]);
  });

  it('refuses a goods without SKUs or with a repeated spec name', () => {
    expect(skuProblems('E', [], [])).toEqual(['goods "E" has no SKU']);
    expect(skuProblems('R', [...specs, ...specs], [{ spec: { 颜色: '红' }, price: 1, stock: 1 }])).toContain('goods "R" repeats a spec name');
  });

  it('gives the goods its lowest SKU price', () => {
    expect(skuTotals([{ spec: {}, price: 500, stock: 2 }, { spec: {}, price: 300, stock: 0 }, { spec: {}, price: 900, stock: 7 }])).toEqual({ price: 300 });
  });
});
