/**
 * Coupon rules (pure, shared by the server and the pages): what a coupon takes off an order,
 * why it cannot be used on one, when a claimed copy is valid, and what state it is in.
 */
import type { CouponKind } from './tables';

export interface CouponTerms {
  kind: CouponKind;
  /** Fen off (`full`, `any`). */
  amount: number;
  /** Percent paid (`rate`). */
  rate: number | null;
  /** Most fen off (`rate`); null: no cap. */
  cap: number | null;
  /** Goods amount needed, fen. */
  min_amount: number;
}

/** Why a coupon cannot be used on an order: withdrawn by the shop, below its minimum, or worth more than the order. */
export type UnusableReason = 'disabled' | 'below_min' | 'exceeds_amount';

/** The discount in fen on `goodsAmount` (fen), or why there is none. */
export function discountOf(terms: CouponTerms, goodsAmount: number): { discount: number } | { reason: UnusableReason } {
  if (goodsAmount < terms.min_amount) return { reason: 'below_min' };
  if (terms.kind === 'rate') {
    const off = Math.floor((goodsAmount * (100 - (terms.rate ?? 100))) / 100);
    return { discount: terms.cap === null ? off : Math.min(off, terms.cap) };
  }
  // Spec §5: "A coupon may not exceed the order amount".
  if (terms.amount > goodsAmount) return { reason: 'exceeds_amount' };
  return { discount: terms.amount };
}

/**
 * What a copy the shopper holds takes off an order. Disabling a coupon stops new orders with it
 * (`storefront coupon disable`), so a copy of a disabled coupon takes nothing, whatever its terms.
 */
export function copyDiscountOf(coupon: { terms: CouponTerms; disabled: boolean }, goodsAmount: number): { discount: number } | { reason: UnusableReason } {
  if (coupon.disabled) return { reason: 'disabled' };
  return discountOf(coupon.terms, goodsAmount);
}

export interface Validity {
  starts_at: number | null;
  ends_at: number | null;
  valid_days: number | null;
}

const DAY = 86_400;

/** When a copy claimed at `claimedAt` (unix seconds) may be used: the coupon's window, or N days from claiming. */
export function validityOf(coupon: Validity, claimedAt: number): { starts_at: number; expires_at: number } {
  if (coupon.valid_days !== null) return { starts_at: claimedAt, expires_at: claimedAt + coupon.valid_days * DAY };
  return { starts_at: coupon.starts_at ?? claimedAt, expires_at: coupon.ends_at ?? claimedAt };
}

export type CopyState = 'unused' | 'used' | 'expired' | 'not_started';

export function stateOf(copy: { used_at: number | null; starts_at: number; expires_at: number }, now: number): CopyState {
  if (copy.used_at !== null) return 'used';
  if (now >= copy.expires_at) return 'expired';
  if (now < copy.starts_at) return 'not_started';
  return 'unused';
}
