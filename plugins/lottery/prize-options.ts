/**
 * The slot and options of `storefront lottery prize <slot>`, declared as schemas like a call's payload:
 * the kernel checks each and `checkPrize` the rules between the options, all at once,
 * before anything is written (kernel/server/operator-options.ts). Pure, so each refusal is tested
 * without a database.
 */
import * as z from 'zod/mini';
import { toFen } from '@kernel/core/money';
import { id, optionalText, whole, yuan } from '@kernel/core/schemas';
import { flag, option } from '@kernel/server/operator-options';
import { SLOT_COUNT, type PrizeKind } from './contract';
import type { SlotPrize } from './prizes';

/** The kinds an operator may put on the wheel. */
export const PRIZE_KINDS = ['score', 'balance', 'coupon', 'thanks'] as const satisfies readonly PrizeKind[];
/** The longest label a wheel segment shows. */
export const LABEL_MAX = 20;
/** A single prize may be worth at most this much (points, or fen for balance: ¥100 000). */
const AMOUNT_MAX = 10_000_000;

export const prizeOptions = z.object({
  kind: option(z.enum(PRIZE_KINDS), PRIZE_KINDS.join(' | '), 'kind'),
  amount: option(z.optional(yuan()), 'points for a score prize (e.g. 50), yuan for a balance prize (e.g. 5 or 0.88)', 'n'),
  coupon: option(z.optional(id()), 'the coupon a coupon prize grants (`storefront coupon list`); give it a --label, e.g. its name', 'id'),
  weight: option(z.optional(whole({ max: 1_000_000 })), "the prize's share of the draws, a whole number ≥ 0 (0: never drawn); default: the slot's current weight", 'n'),
  stock: option(
    z.optional(z.union([z.literal('unlimited'), whole()], { error: 'kernel:payload.integer' })),
    'how many can be won, or "unlimited" (the default for thanks)',
    'n',
  ),
  label: option(optionalText(LABEL_MAX), 'what the wheel shows instead of the amount in words (at most 20 characters)', 'text'),
  off: flag('keep it on the wheel but never draw it'),
});

export type PrizeOptions = z.output<typeof prizeOptions>;

/** The command's one argument: the slot, 0–7. */
export const prizeArguments = z.object({ slot: whole({ max: SLOT_COUNT - 1 }) });

/** Points, or fen for a balance prize; null when the amount does not fit the kind. */
function amountOf(kind: PrizeKind, amount: string | number): number | null {
  const text = String(amount).trim();
  const value = kind === 'balance' ? toFen(text) : /^\d+$/.test(text) ? Number(text) : 0;
  return value >= 1 && value <= AMOUNT_MAX ? value : null;
}

/** The rules between the options, on those that passed their own check: every problem. */
export function checkPrize(o: Partial<PrizeOptions>, { given }: { given: ReadonlySet<keyof PrizeOptions> }): string[] {
  const problems: string[] = [];
  const { kind, amount } = o;
  if (kind === 'score' || kind === 'balance') {
    if (!given.has('amount')) problems.push(kind === 'score' ? '--amount is required for a score prize: the points it credits, e.g. 50' : '--amount is required for a balance prize: the yuan it credits, e.g. 5 or 0.88');
    else if (amount !== undefined && amountOf(kind, amount) === null) {
      problems.push(kind === 'score' ? `--amount of a score prize must be whole points from 1 to ${AMOUNT_MAX}, got "${amount}"` : `--amount of a balance prize must be yuan from 0.01 to ${AMOUNT_MAX / 100}, got "${amount}"`);
    }
  } else if (kind !== undefined && given.has('amount')) problems.push(`--amount does not apply to a ${kind} prize`);
  if (kind === 'coupon' && !given.has('coupon')) problems.push('--coupon is required for a coupon prize: the id of the coupon it grants');
  if (kind !== undefined && kind !== 'coupon' && given.has('coupon')) problems.push(`--coupon applies to a coupon prize only, not to a ${kind} prize`);
  if (kind !== undefined && kind !== 'thanks' && !given.has('stock')) problems.push(`--stock is required for a ${kind} prize: how many can be won (a whole number ≥ 0), or "unlimited"`);
  return problems;
}

/** The slot's prize from options that passed `checkPrize`; the weight stays `currentWeight` when not given. */
export function slotPrizeOf(o: PrizeOptions, slot: number, currentWeight: number): { slot: number; prize: SlotPrize } {
  const amount = o.amount === undefined || (o.kind !== 'score' && o.kind !== 'balance') ? 0 : (amountOf(o.kind, o.amount) ?? 0);
  return {
    slot,
    prize: {
      kind: o.kind,
      amount,
      couponId: o.kind === 'coupon' ? (o.coupon ?? null) : null,
      label: o.label || null,
      weight: o.weight ?? currentWeight,
      stock: o.stock === undefined || o.stock === 'unlimited' ? null : o.stock,
      enabled: o.off !== true,
    },
  };
}
