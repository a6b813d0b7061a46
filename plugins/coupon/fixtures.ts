/** Wire fixtures for the coupon pages' tests. */
import type { CentreCoupon, CouponOption, CouponView, MyCoupon } from './contract';

export const couponView = (id: number, fields: Partial<CouponView> = {}): CouponView => ({
  id,
  name: '满100减10',
  kind: 'full',
  amount: '10.00',
  rate: null,
  cap: null,
  min_amount: '100.00',
  starts_at: null,
  ends_at: null,
  valid_days: 30,
  disabled: false,
  ...fields,
});

export const centreCoupon = (id: number, fields: Partial<CentreCoupon> = {}): CentreCoupon => ({ ...couponView(id), left: 5, mine: 0, per_user: 1, ...fields });

export const myCoupon = (id: number, fields: Partial<MyCoupon> = {}): MyCoupon => ({
  id,
  coupon: couponView(id),
  state: 'unused',
  starts_at: 1_772_416_800,
  expires_at: 1_772_416_800 + 7 * 86_400,
  used_at: null,
  order_no: null,
  ...fields,
});

export const option = (id: number, fields: Partial<CouponOption> = {}): CouponOption => ({
  id,
  coupon: couponView(id),
  expires_at: 1_772_416_800 + 7 * 86_400,
  usable: true,
  reason: null,
  discount: '10.00',
  ...fields,
});
