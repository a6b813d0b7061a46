import { describe, expect, it } from 'vitest';
import { cashActual, cashFee, ratePercent } from './fee';

describe('the cash-out fee', () => {
  it('is the rate in basis points of the amount, in whole fen', () => {
    expect(cashFee(10_000, 60)).toBe(60);
    expect(cashActual(10_000, 60)).toBe(9_940);
    expect(cashFee(1_000, 0)).toBe(0);
  });

  it('rounds a fraction of a fen up, never a whole fee', () => {
    expect(cashFee(1_000, 60)).toBe(6);
    expect(cashFee(1_001, 60)).toBe(7); // 6.006 fen
    expect(cashFee(1, 60)).toBe(1);
    expect(cashFee(5_000_000, 60)).toBe(30_000);
    expect(cashFee(99_999, 1)).toBe(10); // 9.9999 fen
  });

  it('refuses rates and amounts that are not whole and in range', () => {
    expect(() => cashFee(10.5, 60)).toThrow(RangeError);
    expect(() => cashFee(-1, 60)).toThrow(RangeError);
    expect(() => cashFee(100, 10_000)).toThrow(RangeError);
    expect(() => cashFee(100, 0.5)).toThrow(RangeError);
  });

  it('reads as a percentage', () => {
    expect([ratePercent(60), ratePercent(0), ratePercent(100), ratePercent(125)]).toEqual(['0.6%', '0%', '1%', '1.25%']);
  });
});
