/**
 * Checking `storefront lottery prize <slot> …`: every problem at once, in words an operator reads,
 * before anything is written. Pure, so each refusal is tested without a database.
 */
import { toFen, isYuan } from '@kernel/core/money';
import { SLOT_COUNT, type PrizeKind } from './contract';
import type { SlotPrize } from './prizes';

/** The longest label a wheel segment shows. */
export const LABEL_MAX = 20;
/** A single prize may be worth at most this much (points, or fen for balance: ¥100 000). */
const AMOUNT_MAX = 10_000_000;

export interface PrizeOptions {
  kind?: unknown;
  amount?: unknown;
  weight?: unknown;
  stock?: unknown;
  label?: unknown;
  coupon?: unknown;
  off?: unknown;
}

export type Checked = { slot: number; prize: SlotPrize } | { problems: string[] };

const WHOLE = /^\d{1,9}$/;

export function checkPrizeOptions(slotArg: string, options: PrizeOptions, current: { weight: number }, kinds: readonly PrizeKind[]): Checked {
  const problems: string[] = [];
  const slot = Number(slotArg);
  if (!/^\d+$/.test(slotArg.trim()) || slot >= SLOT_COUNT) problems.push(`slot must be a whole number from 0 to ${SLOT_COUNT - 1}, got "${slotArg}"`);

  const kind = options.kind === undefined ? undefined : String(options.kind);
  if (kind === undefined) problems.push(`--kind is required: one of ${kinds.join(', ')}`);
  else if (!kinds.includes(kind as PrizeKind)) problems.push(`--kind must be one of ${kinds.join(', ')}, got "${kind}"`);
  const known = kind !== undefined && kinds.includes(kind as PrizeKind) ? (kind as PrizeKind) : undefined;

  let amount = 0;
  const rawAmount = options.amount === undefined ? undefined : String(options.amount).trim();
  if (known === 'score') {
    if (rawAmount === undefined) problems.push('--amount is required for a score prize: the points it credits, e.g. 50');
    else if (!WHOLE.test(rawAmount) || Number(rawAmount) < 1 || Number(rawAmount) > AMOUNT_MAX) problems.push(`--amount of a score prize must be whole points from 1 to ${AMOUNT_MAX}, got "${rawAmount}"`);
    else amount = Number(rawAmount);
  } else if (known === 'balance') {
    if (rawAmount === undefined) problems.push('--amount is required for a balance prize: the yuan it credits, e.g. 5 or 0.88');
    else if (!isYuan(rawAmount) || rawAmount.startsWith('-') || toFen(rawAmount) < 1 || toFen(rawAmount) > AMOUNT_MAX) problems.push(`--amount of a balance prize must be yuan from 0.01 to ${AMOUNT_MAX / 100} with at most two decimals, got "${rawAmount}"`);
    else amount = toFen(rawAmount);
  } else if (known !== undefined && rawAmount !== undefined) {
    problems.push(`--amount does not apply to a ${known} prize`);
  }

  let couponId: number | null = null;
  const rawCoupon = options.coupon === undefined ? undefined : String(options.coupon).trim();
  if (known === 'coupon') {
    if (rawCoupon === undefined) problems.push('--coupon is required for a coupon prize: the id of the coupon it grants');
    else if (!WHOLE.test(rawCoupon) || Number(rawCoupon) < 1) problems.push(`--coupon must be a coupon id (a whole number ≥ 1), got "${rawCoupon}"`);
    else couponId = Number(rawCoupon);
  } else if (known !== undefined && rawCoupon !== undefined) {
    problems.push(`--coupon applies to a coupon prize only, not to a ${known} prize`);
  }

  let weight = current.weight;
  if (options.weight !== undefined) {
    const raw = String(options.weight).trim();
    if (!WHOLE.test(raw) || Number(raw) > 1_000_000) problems.push(`--weight must be a whole number from 0 to 1000000, got "${raw}"`);
    else weight = Number(raw);
  }

  let stock: number | null = null;
  const rawStock = options.stock === undefined ? undefined : String(options.stock).trim();
  if (rawStock === undefined) {
    if (known !== undefined && known !== 'thanks') problems.push(`--stock is required for a ${known} prize: how many can be won (a whole number ≥ 0), or "unlimited"`);
  } else if (rawStock !== 'unlimited') {
    if (!WHOLE.test(rawStock)) problems.push(`--stock must be a whole number ≥ 0 or "unlimited", got "${rawStock}"`);
    else stock = Number(rawStock);
  }

  let label: string | null = null;
  if (options.label !== undefined) {
    const raw = String(options.label).trim();
    if ([...raw].length > LABEL_MAX) problems.push(`--label must be at most ${LABEL_MAX} characters, got ${[...raw].length}`);
    else label = raw || null;
  }

  if (problems.length > 0 || known === undefined) return { problems };
  return { slot, prize: { kind: known, amount, couponId, label, weight, stock, enabled: options.off !== true } };
}
