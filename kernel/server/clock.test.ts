import { describe, expect, it } from 'vitest';
import { TestClock, businessDate, businessDayStart, systemClock } from './clock';

describe('business time', () => {
  it('dates a moment by the calendar in Asia/Shanghai', () => {
    // 2025-01-15 16:30 UTC is already the 16th in Shanghai.
    expect(businessDate(Date.UTC(2025, 0, 15, 16, 30))).toBe('2025-01-16');
    expect(businessDate(Date.UTC(2025, 0, 15, 15, 59))).toBe('2025-01-15');
  });

  it('finds the start of the business day', () => {
    expect(businessDayStart(Date.UTC(2025, 0, 15, 16, 30))).toBe(Date.UTC(2025, 0, 15, 16, 0));
    expect(businessDayStart(Date.UTC(2025, 0, 15, 3, 0))).toBe(Date.UTC(2025, 0, 14, 16, 0));
  });

  it('lets tests set and move the clock', () => {
    const clock = new TestClock(1000);
    clock.advance(500);
    expect(clock.now()).toBe(1500);
    clock.set(new Date(42));
    expect(clock.now()).toBe(42);
  });

  it('tells the time in whole unix seconds, rounding down', () => {
    const clock = new TestClock(1_700_000_000_999);
    expect(clock.nowSeconds()).toBe(1_700_000_000);
    clock.advance(1);
    expect(clock.nowSeconds()).toBe(1_700_000_001);
    const before = Math.floor(Date.now() / 1000);
    const seconds = systemClock.nowSeconds();
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });
});
