/** How a coupon's worth and condition read on a card (pure; `t` is the coupon namespace's). */
import { dateOnly } from '@kernel/core/time';
import type { CouponView } from '../contract';

type T = (key: string, params?: Record<string, unknown>) => string;

/** Yuan without trailing zeros: "10", "8.5", "0.5". */
const short = (yuan: string) => String(Number(yuan));

/** The big figure: "¥10" or "8.5折" / "15% off". */
export const worthOf = (t: T, c: CouponView): string =>
  c.kind === 'rate' ? t('card.rate', { rate: (c.rate ?? 100) / 10, off: 100 - (c.rate ?? 100) }) : t('card.off', { amount: short(c.amount) });

/** When it applies: "满100元可用" / "无门槛", and a rate coupon's cap. */
export function conditionOf(t: T, c: CouponView): string {
  const min = Number(c.min_amount) > 0 ? t('card.full', { min: short(c.min_amount) }) : t('card.any');
  return c.kind === 'rate' && c.cap ? `${min} · ${t('card.cap', { cap: short(c.cap) })}` : min;
}

/** A coupon's validity before claiming: N days from claiming, or its window. */
export const validityOf = (t: T, c: CouponView): string =>
  c.valid_days !== null
    ? t('card.days', { days: c.valid_days })
    : t('card.window', { from: dateOnly(c.starts_at ?? 0), until: dateOnly((c.ends_at ?? 1) - 1) });

/** A claimed copy's last valid day. */
export const expiresOn = (t: T, expiresAt: number): string => t('card.expires', { date: dateOnly(expiresAt - 1) });
