import { describe, expect, it } from 'vitest';
import { formatYuan, lineTotal, toFen } from './money';

describe('money', () => {
  it('reads yuan strings into integer fen', () => {
    expect(toFen('12.5')).toBe(1250);
    expect(toFen('0.07')).toBe(7);
    expect(toFen(3)).toBe(300);
    expect(toFen('-1.20')).toBe(-120);
  });
  it('refuses anything that is not an amount', () => {
    expect(() => toFen('1.234')).toThrow(RangeError);
    expect(() => toFen('abc')).toThrow(RangeError);
  });
  it('formats fen with two decimals', () => {
    expect(formatYuan(1250)).toBe('12.50');
    expect(formatYuan(7)).toBe('0.07');
    expect(formatYuan(-120)).toBe('-1.20');
  });
  it('computes a line total exactly', () => {
    expect(formatYuan(lineTotal(toFen('0.1'), 3))).toBe('0.30');
  });
});
