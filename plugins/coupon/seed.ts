/** Demo coupons: one of each kind, claimable in the claim centre, titled in Chinese and English. */
import type { SeedContext } from '@kernel/server/plugin';
import type {} from './tables';

export async function seedCoupons({ db, services }: SeedContext): Promise<string[]> {
  const now = services.clock.nowSeconds();
  const base = { claimed: 0, listed: 1, disabled_at: null, created_at: now, starts_at: null, ends_at: null, rate: null, cap: null };
  await db
    .insertInto('coupon_coupon')
    .values([
      { ...base, name: '满100减10', name_en: '¥10 off ¥100', kind: 'full', amount: 1000, min_amount: 10000, valid_days: 30, total: 1000, per_user: 2 },
      { ...base, name: '全场8.5折', name_en: '15% off everything', kind: 'rate', amount: 0, rate: 85, cap: 5000, min_amount: 0, valid_days: 7, total: 500, per_user: 1 },
      { ...base, name: '无门槛5元', name_en: '¥5 off any order', kind: 'any', amount: 500, min_amount: 0, valid_days: 7, total: 200, per_user: 1 },
    ])
    .execute();
  return ['coupon demo: 3 coupons in the claim centre (满100减10, 全场8.5折, 无门槛5元)'];
}
