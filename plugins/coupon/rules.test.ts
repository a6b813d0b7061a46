import { describe, expect, it } from 'vitest';
import { copyDiscountOf, discountOf, stateOf, validityOf, type CouponTerms } from './rules';

const full: CouponTerms = { kind: 'full', amount: 1000, rate: null, cap: null, min_amount: 10000 };
const rate: CouponTerms = { kind: 'rate', amount: 0, rate: 85, cap: 3000, min_amount: 0 };
const any: CouponTerms = { kind: 'any', amount: 500, rate: null, cap: null, min_amount: 0 };

describe('coupon rules', () => {
  it('takes a fixed amount off from the minimum order amount on, never below it', () => {
    expect(discountOf(full, 10000)).toEqual({ discount: 1000 });
    expect(discountOf(full, 9999)).toEqual({ reason: 'below_min' });
  });

  it('takes a share off, rounded down to the fen, up to its cap', () => {
    expect(discountOf(rate, 1999)).toEqual({ discount: 299 });
    expect(discountOf(rate, 100000)).toEqual({ discount: 3000 });
    expect(discountOf({ ...rate, cap: null }, 100000)).toEqual({ discount: 15000 });
  });

  it('refuses a coupon worth more than the order', () => {
    expect(discountOf(any, 500)).toEqual({ discount: 500 });
    expect(discountOf(any, 499)).toEqual({ reason: 'exceeds_amount' });
    expect(discountOf({ ...full, min_amount: 500 }, 800)).toEqual({ reason: 'exceeds_amount' });
  });

  it('takes nothing off with a copy of a disabled coupon, whatever its terms', () => {
    expect(copyDiscountOf({ terms: any, disabled: false }, 10000)).toEqual({ discount: 500 });
    expect(copyDiscountOf({ terms: any, disabled: true }, 10000)).toEqual({ reason: 'disabled' });
    expect(copyDiscountOf({ terms: full, disabled: true }, 100)).toEqual({ reason: 'disabled' });
  });

  it('is valid in its window, or for N days from claiming', () => {
    expect(validityOf({ starts_at: 100, ends_at: 900, valid_days: null }, 50)).toEqual({ starts_at: 100, expires_at: 900 });
    expect(validityOf({ starts_at: null, ends_at: null, valid_days: 7 }, 50)).toEqual({ starts_at: 50, expires_at: 50 + 7 * 86_400 });
  });

  it('is unused until used, and expired from its last second on', () => {
    const copy = { used_at: null, starts_at: 100, expires_at: 200 };
    expect(stateOf(copy, 99)).toBe('not_started');
    expect(stateOf(copy, 100)).toBe('unused');
    expect(stateOf(copy, 200)).toBe('expired');
    expect(stateOf({ ...copy, used_at: 150 }, 300)).toBe('used');
  });
});
