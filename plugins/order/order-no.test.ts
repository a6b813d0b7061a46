import { describe, expect, it } from 'vitest';
import { newOrderNo } from './order-no';

describe('newOrderNo', () => {
  it('gives 20 digits starting with the business date and time, and never repeats within a second', () => {
    const at = Date.UTC(2026, 10, 27, 16, 30, 5); // 00:30:05 on 28 November in Asia/Shanghai
    const numbers = Array.from({ length: 5_000 }, () => newOrderNo(at));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^20261128003005\d{6}$/);
  });
});
