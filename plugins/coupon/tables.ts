/** The coupon plugin's tables, merged into the kernel's `Database`. Money in fen, times in unix seconds. */
import type { Generated } from 'kysely';

/** `full`: an amount off from a minimum order amount; `rate`: a share off (capped); `any`: an amount off any order. */
export type CouponKind = 'full' | 'rate' | 'any';

export interface CouponCouponTable {
  id: Generated<number>;
  name: string;
  /** English title, '' when there is none (coupon_002). */
  name_en: Generated<string>;
  kind: CouponKind;
  /** Fen off (`full`, `any`); 0 for `rate`. */
  amount: number;
  /** Percent the shopper pays (`rate`: 85 is 15 % off); null otherwise. */
  rate: number | null;
  /** Most fen a `rate` coupon takes off; null: no cap. */
  cap: number | null;
  /** The goods amount it needs, fen (0: none). */
  min_amount: number;
  /** A fixed validity window… */
  starts_at: number | null;
  ends_at: number | null;
  /** …or this many days from claiming. */
  valid_days: number | null;
  total: number;
  claimed: number;
  per_user: number;
  /** Shown in the claim centre (0: granted only, by support or a prize). */
  listed: number;
  disabled_at: number | null;
  created_at: number;
}

export type CouponSource = 'claim' | 'grant';

export interface CouponUserTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  source: CouponSource;
  /** A grant's idempotence key (a lottery draw, a support ticket); null for claims. */
  ref: string | null;
  claimed_at: number;
  starts_at: number;
  expires_at: number;
  used_at: number | null;
  order_no: string | null;
}

declare module '@kernel/server/database' {
  interface Database {
    coupon_coupon: CouponCouponTable;
    coupon_user: CouponUserTable;
  }
}
