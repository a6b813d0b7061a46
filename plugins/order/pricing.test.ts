import { describe, expect, it } from 'vitest';
import { goodsAmount, payable, priceLines } from './pricing';

describe('order pricing', () => {
  it('totals each line as price × quantity and sums them', () => {
    const lines = priceLines([
      { goodsId: 1, skuId: 1, price: 1990, quantity: 3 },
      { goodsId: 2, skuId: 5, price: 5, quantity: 1 },
    ]);
    expect(lines.map((l) => l.total)).toEqual([5970, 5]);
    expect(goodsAmount(lines)).toBe(5975);
  });

  it('applies discounts and surcharges but never charges below zero', () => {
    expect(payable(10000, [{ amount: -1500 }, { amount: -500 }])).toEqual({ adjust: -2000, pay: 8000 });
    expect(payable(10000, [{ amount: -25000 }])).toEqual({ adjust: -10000, pay: 0 });
    expect(payable(10000, [])).toEqual({ adjust: 0, pay: 10000 });
  });
});
