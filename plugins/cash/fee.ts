/**
 * The cash-out fee: a rate in basis points (60 = 0.6%) of the amount, in whole fen rounded up.
 * Rounding up keeps the site from paying a fraction of a fen it charged nobody for, and one
 * rule (here) serves the server, which books it, and the page, which shows it before sending.
 */
import type { Fen } from '@kernel/core/money';

export const BASIS_POINTS = 10_000;

export function cashFee(amount: Fen, rate: number): Fen {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`cash fee: amount must be whole fen ≥ 0, got ${amount}`);
  if (!Number.isInteger(rate) || rate < 0 || rate >= BASIS_POINTS) throw new RangeError(`cash fee: rate must be 0–9999 basis points, got ${rate}`);
  // amount × rate stays an exact integer (amounts are capped far below 2^53 / 10⁴), so the
  // quotient is exact when it is whole and ceil never rounds a whole fee up by one.
  return Math.ceil((amount * rate) / BASIS_POINTS);
}

/** What reaches the bank account: the amount less the fee. */
export const cashActual = (amount: Fen, rate: number): Fen => amount - cashFee(amount, rate);

/** "0.6%" for a rate of 60 basis points. */
export const ratePercent = (rate: number): string => `${Number((rate / 100).toFixed(2))}%`;
