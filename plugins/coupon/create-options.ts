/**
 * The options of `storefront coupon create`, checked all at once: each problem names its option
 * and what it got, so one run tells the operator everything to fix.
 */
import { isYuan, toFen } from '@kernel/core/money';
import type { CouponCouponTable, CouponKind } from './tables';

const KINDS: readonly CouponKind[] = ['full', 'rate', 'any'];
const MAX_FEN = 10_000_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface CreateOptions {
  name?: unknown;
  nameEn?: unknown;
  kind?: unknown;
  amount?: unknown;
  rate?: unknown;
  cap?: unknown;
  min?: unknown;
  total?: unknown;
  perUser?: unknown;
  days?: unknown;
  from?: unknown;
  until?: unknown;
  hidden?: unknown;
}

/** A new coupon's columns, as `coupon create` checked them (the rest — claimed, disabled_at, created_at — start fixed). */
export type CouponSpec = Omit<CouponCouponTable, 'id' | 'claimed' | 'disabled_at' | 'created_at' | 'name_en'> & { name_en: string };

const given = (value: unknown) => value !== undefined && value !== null && value !== false;
const show = (value: unknown) => JSON.stringify(String(value));
const whole = (value: unknown, min: number, max: number) => {
  const n = Number(value);
  return /^\d+$/.test(String(value).trim()) && n >= min && n <= max ? n : null;
};
const fen = (value: unknown) => {
  const text = String(value).trim();
  const amount = isYuan(text) ? toFen(text) : -1;
  return amount >= 0 && amount <= MAX_FEN ? amount : null;
};

/** Unix seconds at which the business day `date` (Asia/Shanghai) begins, or null when it is no date. */
function dayStart(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - 8 * 3600_000;
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10) === date ? ms / 1000 : null;
}

/** `now` in unix seconds. Returns the coupon, or every problem. */
export function checkCreateOptions(options: CreateOptions, now: number): { spec: CouponSpec } | { problems: string[] } {
  const problems: string[] = [];
  const name = String(options.name ?? '').trim();
  if (!name || name.length > 40) problems.push(`--name is required, 1–40 characters, got ${show(options.name ?? '')}`);
  const nameEn = given(options.nameEn) ? String(options.nameEn).trim() : '';
  if (given(options.nameEn) && (!nameEn || nameEn.length > 60)) problems.push(`--name-en is the English title, 1–60 characters, got ${show(options.nameEn)}`);

  const kind = String(options.kind ?? '') as CouponKind;
  if (!KINDS.includes(kind)) problems.push(`--kind must be one of ${KINDS.join(', ')} (full: amount off from --min; rate: a share off; any: amount off any order), got ${show(options.kind ?? '')}`);

  let amount = 0;
  let rate: number | null = null;
  let cap: number | null = null;
  if (kind === 'rate') {
    rate = whole(options.rate, 1, 99);
    if (rate === null) problems.push(`--rate is the percent the shopper pays, 1–99 (85 is 15 % off), got ${show(options.rate)}`);
    if (given(options.cap)) {
      cap = fen(options.cap);
      if (cap === null || cap === 0) problems.push(`--cap must be an amount of yuan above 0, got ${show(options.cap)}`);
    }
    if (given(options.amount)) problems.push('--amount is for full and any coupons; a rate coupon takes --rate (and --cap)');
  } else if (KINDS.includes(kind)) {
    amount = given(options.amount) ? (fen(options.amount) ?? 0) : 0;
    if (amount <= 0) problems.push(`--amount must be an amount of yuan above 0, with at most two decimals, got ${show(options.amount ?? '')}`);
    if (given(options.rate) || given(options.cap)) problems.push('--rate and --cap are for rate coupons');
  }

  let min = 0;
  if (given(options.min)) {
    min = fen(options.min) ?? -1;
    if (min < 0) problems.push(`--min must be an amount of yuan, got ${show(options.min)}`);
  }
  if (kind === 'full' && min <= 0) problems.push('a full coupon needs --min, the order amount it starts from');
  if (kind === 'any' && min > 0) problems.push('an any coupon has no minimum: use --kind full with --min');
  if (kind === 'full' && min > 0 && amount > min) problems.push(`--amount (${options.amount}) may not exceed --min (${options.min}): the coupon would exceed the order amount`);

  const total = given(options.total) ? whole(options.total, 1, 1_000_000) : 100;
  if (total === null) problems.push(`--total must be a whole number from 1 to 1000000, got ${show(options.total)}`);
  const perUser = given(options.perUser) ? whole(options.perUser, 1, 100) : 1;
  if (perUser === null) problems.push(`--per-user must be a whole number from 1 to 100, got ${show(options.perUser)}`);

  let validDays: number | null = null;
  let startsAt: number | null = null;
  let endsAt: number | null = null;
  if (given(options.days) === (given(options.from) || given(options.until))) {
    problems.push('give either --days <n> (valid n days from claiming) or --from YYYY-MM-DD --until YYYY-MM-DD (a fixed window)');
  } else if (given(options.days)) {
    validDays = whole(options.days, 1, 3650);
    if (validDays === null) problems.push(`--days must be a whole number from 1 to 3650, got ${show(options.days)}`);
  } else {
    startsAt = dayStart(String(options.from ?? ''));
    const last = dayStart(String(options.until ?? ''));
    if (startsAt === null) problems.push(`--from must be a date YYYY-MM-DD, got ${show(options.from ?? '')}`);
    if (last === null) problems.push(`--until must be a date YYYY-MM-DD, got ${show(options.until ?? '')}`);
    if (startsAt !== null && last !== null) {
      endsAt = last + 86_400;
      if (last < startsAt) problems.push(`--until (${options.until}) is before --from (${options.from})`);
      else if (endsAt <= now) problems.push(`--until (${options.until}) has passed`);
    }
  }

  if (problems.length > 0) return { problems };
  return {
    spec: {
      name,
      name_en: nameEn,
      kind,
      amount,
      rate,
      cap,
      min_amount: min,
      total: total as number,
      per_user: perUser as number,
      valid_days: validDays,
      starts_at: startsAt,
      ends_at: endsAt,
      listed: options.hidden ? 0 : 1,
    },
  };
}
