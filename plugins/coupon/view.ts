/** Rows → what the wire carries (yuan, states). */
import { formatYuan } from '@kernel/core/money';
import type { Selectable } from 'kysely';
import type { Lang } from '@kernel/server/plugin';
import { textIn } from '@kernel/core/language';
import type { CouponView, MyCoupon } from './contract';
import { stateOf, type CouponTerms } from './rules';
import type { CouponCouponTable, CouponUserTable } from './tables';

export type CouponRow = Selectable<CouponCouponTable>;
export type CopyRow = Selectable<CouponUserTable>;

/** PostgreSQL answers bigint columns as strings: numbers here, once. */
const num = (value: number | string | null) => (value === null ? null : Number(value));

export const termsOf = (row: CouponRow): CouponTerms => ({
  kind: row.kind,
  amount: Number(row.amount),
  rate: num(row.rate),
  cap: num(row.cap),
  min_amount: Number(row.min_amount),
});

/** `lang`: the request's; the title is in it where the coupon has one. */
export const couponView = (row: CouponRow, lang: Lang = 'zh-Hans'): CouponView => ({
  id: row.id,
  name: textIn(lang, row.name, row.name_en),
  kind: row.kind,
  amount: formatYuan(Number(row.amount)),
  rate: num(row.rate),
  cap: row.cap === null ? null : formatYuan(Number(row.cap)),
  min_amount: formatYuan(Number(row.min_amount)),
  starts_at: num(row.starts_at),
  ends_at: num(row.ends_at),
  valid_days: num(row.valid_days),
  disabled: row.disabled_at !== null,
});

export const copyTimes = (copy: CopyRow) => ({ used_at: num(copy.used_at), starts_at: Number(copy.starts_at), expires_at: Number(copy.expires_at) });

export const myCoupon = (copy: CopyRow, coupon: CouponRow, now: number, lang: Lang = 'zh-Hans'): MyCoupon => {
  const times = copyTimes(copy);
  return { id: copy.id, coupon: couponView(coupon, lang), state: stateOf(times, now), ...times, order_no: copy.order_no };
};
