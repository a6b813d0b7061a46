/** Reading coupons: the claim centre, and the caller's copies by state. */
import type { Db, Lang } from '@kernel/server/plugin';
import type { CentreCoupon, MyCouponPage, MyState } from './contract';
import type {} from './tables';
import { couponView, myCoupon } from './view';

/**
 * Listed, enabled coupons not past their window, newest first, with what is left and what the
 * caller (if any) holds; titles in the request's language.
 */
export async function centreCoupons(db: Db, userId: number | null, now: number, lang: Lang = 'zh-Hans'): Promise<CentreCoupon[]> {
  const coupons = await db
    .selectFrom('coupon_coupon')
    .selectAll()
    .where('listed', '=', 1)
    .where('disabled_at', 'is', null)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('id', 'desc')
    .execute();
  if (coupons.length === 0) return [];
  // An anonymous visitor holds none.
  const held =
    userId === null
      ? []
      : await db
          .selectFrom('coupon_user')
          .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('user_id', '=', userId)
          .where('source', '=', 'claim')
          .where(
            'coupon_id',
            'in',
            coupons.map((c) => c.id),
          )
          .groupBy('coupon_id')
          .execute();
  const mine = new Map(held.map((h) => [h.coupon_id, Number(h.count)]));
  return coupons.map((c) => ({ ...couponView(c, lang), left: c.total - c.claimed, mine: mine.get(c.id) ?? 0, per_user: c.per_user }));
}

/** The caller's copies in one state: unused ones soonest to expire first, the others newest first. */
export async function myCoupons(db: Db, userId: number, state: MyState, page: number, limit: number, now: number, lang: Lang = 'zh-Hans'): Promise<MyCouponPage> {
  let query = db.selectFrom('coupon_user').innerJoin('coupon_coupon', 'coupon_coupon.id', 'coupon_user.coupon_id').where('coupon_user.user_id', '=', userId);
  if (state === 'used') query = query.where('coupon_user.used_at', 'is not', null);
  else {
    query = query.where('coupon_user.used_at', 'is', null).where('coupon_user.expires_at', state === 'unused' ? '>' : '<=', now);
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const ordered =
    state === 'unused'
      ? query.orderBy('coupon_user.expires_at', 'asc')
      : query.orderBy(state === 'used' ? 'coupon_user.used_at' : 'coupon_user.expires_at', 'desc');
  const rows = await ordered
    .orderBy('coupon_user.id', 'desc')
    .selectAll('coupon_user')
    .select([
      'coupon_coupon.name',
      'coupon_coupon.name_en',
      'coupon_coupon.kind',
      'coupon_coupon.amount',
      'coupon_coupon.rate',
      'coupon_coupon.cap',
      'coupon_coupon.min_amount',
      'coupon_coupon.starts_at as coupon_starts_at',
      'coupon_coupon.ends_at',
      'coupon_coupon.valid_days',
      'coupon_coupon.disabled_at',
    ])
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const list = rows.map((row) =>
    myCoupon(row, { ...row, id: row.coupon_id, starts_at: row.coupon_starts_at, total: 0, claimed: 0, per_user: 1, listed: 1, created_at: 0 }, now, lang),
  );
  return { list, total: Number(total), page, limit };
}
