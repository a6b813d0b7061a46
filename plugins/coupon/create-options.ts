/**
 * The options of `storefront coupon create`, declared as a schema like a call's payload: the kernel
 * checks each option and `checkCreateCoupon` the rules between them, all at once, so one run tells
 * the operator everything to fix (kernel/server/operator-options.ts).
 */
import * as z from 'zod/mini';
import { toFen } from '@kernel/core/money';
import { optionalText, text, whole, yuan } from '@kernel/core/schemas';
import { businessDay, flag, option } from '@kernel/server/operator-options';
import type { CouponCouponTable } from './tables';

/** A coupon is worth at most ¥100,000.00, against a slipped finger. */
const MAX_FEN = 10_000_000;

/** Yuan with at most two decimals, up to ¥100,000.00: fen. */
const fen = () =>
  z.pipe(
    yuan().check(z.refine((value) => toFen(String(value)) <= MAX_FEN, { error: 'kernel:validation.amount_too_large' })),
    z.transform((value: string | number) => toFen(String(value))),
  );
const aboveZero = () => fen().check(z.refine((value) => value > 0, { error: 'kernel:payload.positive' }));

export const createCouponOptions = z.object({
  name: option(text(40), 'what shoppers see, e.g. 满100减10', 'text'),
  nameEn: option(optionalText(60), 'what shoppers reading English see, e.g. "¥10 off ¥100" (default: the --name)', 'text'),
  kind: option(z.enum(['full', 'rate', 'any']), 'full (amount off from --min), rate (a share off) or any (amount off any order)', 'kind'),
  amount: option(z.optional(aboveZero()), 'yuan off (full, any)', 'yuan'),
  rate: option(z.optional(whole({ min: 1, max: 99 })), 'percent the shopper pays (rate): 85 is 15 % off', 'percent'),
  cap: option(z.optional(aboveZero()), 'most yuan a rate coupon takes off', 'yuan'),
  min: option(z.optional(fen()), 'the order amount it starts from (full; optional for rate)', 'yuan'),
  total: option(z._default(whole({ min: 1, max: 1_000_000 }), 100), 'how many may be claimed', 'n'),
  perUser: option(z._default(whole({ min: 1, max: 100 }), 1), 'how many one shopper may claim', 'n'),
  days: option(z.optional(whole({ min: 1, max: 3650 })), 'valid n days from claiming', 'n'),
  from: option(z.optional(businessDay()), 'first day of a fixed window, YYYY-MM-DD (Asia/Shanghai)', 'date'),
  until: option(z.optional(businessDay()), 'last day of a fixed window, YYYY-MM-DD', 'date'),
  hidden: flag('not in the claim centre: given by `coupon grant` or as a prize only'),
});

export type CreateCouponOptions = z.output<typeof createCouponOptions>;

/** The rules between the options, on those that passed their own check: every problem, naming the options. */
export function checkCreateCoupon(o: Partial<CreateCouponOptions>, { given }: { given: ReadonlySet<keyof CreateCouponOptions> }): string[] {
  const problems: string[] = [];
  if (o.kind === 'rate') {
    if (!given.has('rate')) problems.push('a rate coupon needs --rate, the percent the shopper pays, 1–99 (85 is 15 % off)');
    if (given.has('amount')) problems.push('--amount is for full and any coupons; a rate coupon takes --rate (and --cap)');
  } else if (o.kind !== undefined) {
    if (!given.has('amount')) problems.push(`a ${o.kind} coupon needs --amount, the yuan it takes off`);
    if (given.has('rate') || given.has('cap')) problems.push('--rate and --cap are for rate coupons');
  }
  const min = o.min ?? 0;
  if (o.kind === 'full' && (!given.has('min') || o.min === 0)) problems.push('a full coupon needs --min, the order amount it starts from');
  if (o.kind === 'any' && min > 0) problems.push('an any coupon has no minimum: use --kind full with --min');
  if (o.kind === 'full' && min > 0 && o.amount !== undefined && o.amount > min) problems.push('--amount may not exceed --min: the coupon would exceed the order amount');

  const window = given.has('from') || given.has('until');
  if (given.has('days') === window) problems.push('give either --days <n> (valid n days from claiming) or --from YYYY-MM-DD --until YYYY-MM-DD (a fixed window)');
  else if (window && !(given.has('from') && given.has('until'))) problems.push('a fixed window needs both --from and --until');
  else if (o.from !== undefined && o.until !== undefined && o.until < o.from) problems.push('--until is before --from');
  return problems;
}

/** A new coupon's columns (the rest — claimed, disabled_at, created_at — start fixed). */
export type CouponSpec = Omit<CouponCouponTable, 'id' | 'claimed' | 'disabled_at' | 'created_at' | 'name_en'> & { name_en: string };

/** The coupon from options that passed `checkCreateCoupon`. */
export function couponSpecOf(o: CreateCouponOptions): CouponSpec {
  const window = o.days === undefined;
  return {
    name: o.name,
    name_en: o.nameEn ?? '',
    kind: o.kind,
    amount: o.kind === 'rate' ? 0 : (o.amount ?? 0),
    rate: o.kind === 'rate' ? (o.rate ?? null) : null,
    cap: o.kind === 'rate' ? (o.cap ?? null) : null,
    min_amount: o.min ?? 0,
    total: o.total,
    per_user: o.perUser,
    valid_days: o.days ?? null,
    starts_at: window ? (o.from ?? null) : null,
    // The window ends when its last day does.
    ends_at: window && o.until !== undefined ? o.until + 86_400 : null,
    listed: o.hidden ? 0 : 1,
  };
}
