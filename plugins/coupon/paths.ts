/** The coupon pages' route (spec §2: `/marketing/coupon/coupon`). */
export const COUPON_PATH = '/marketing/coupon/coupon';
