/**
 * Claiming from the claim centre, in one hot transaction (READ COMMITTED on PostgreSQL: a crowd
 * claiming one coupon queues on its row instead of aborting and retrying): the stock is taken with
 * a conditional update (`claimed < total`), which holds the coupon's row until commit, then the
 * shopper's count is checked against `per_user`; a refusal rolls both back. Grants (support,
 * prizes) go around stock and limits, once per `ref` (a unique index).
 */
import { BizError } from '@kernel/core/errors';
import { hotTransaction } from '@kernel/server/hot-transaction';
import type { Db, Lang, Tx } from '@kernel/server/plugin';
import type { MyCoupon } from './contract';
import { validityOf } from './rules';
import type {} from './tables';
import { myCoupon, type CouponRow } from './view';

async function usableCoupon(tx: Tx, couponId: number, now: number): Promise<CouponRow> {
  const coupon = await tx.selectFrom('coupon_coupon').selectAll().where('id', '=', couponId).where('disabled_at', 'is', null).executeTakeFirst();
  if (!coupon) throw new BizError('coupon:message.not_found');
  if (coupon.ends_at !== null && now >= Number(coupon.ends_at)) throw new BizError('coupon:message.ended');
  return coupon;
}

async function insertCopy(tx: Tx, coupon: CouponRow, userId: number, now: number, source: 'claim' | 'grant', ref: string | null) {
  const validity = validityOf({ starts_at: coupon.starts_at === null ? null : Number(coupon.starts_at), ends_at: coupon.ends_at === null ? null : Number(coupon.ends_at), valid_days: coupon.valid_days }, now);
  return tx
    .insertInto('coupon_user')
    .values({ coupon_id: coupon.id, user_id: userId, source, ref, claimed_at: now, ...validity, used_at: null, order_no: null })
    .onConflict((oc) => oc.columns(['source', 'ref']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function claimCoupon(db: Db, input: { userId: number; couponId: number; now: number; lang?: Lang }): Promise<MyCoupon> {
  return hotTransaction(db).execute(async (tx) => {
    const coupon = await usableCoupon(tx, input.couponId, input.now);
    if (!coupon.listed) throw new BizError('coupon:message.not_found');
    const taken = await tx
      .updateTable('coupon_coupon')
      .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
      .where('id', '=', coupon.id)
      .whereRef('claimed', '<', 'total')
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new BizError('coupon:message.sold_out');
    // After the update, which holds the coupon's row: a racing claim of the same coupon waits for this
    // commit, and its count (a statement of its own, so a fresh snapshot at READ COMMITTED) sees this copy.
    const { held } = await tx
      .selectFrom('coupon_user')
      .select((eb) => eb.fn.countAll<number>().as('held'))
      .where('coupon_id', '=', coupon.id)
      .where('user_id', '=', input.userId)
      .where('source', '=', 'claim')
      .executeTakeFirstOrThrow();
    if (Number(held) >= coupon.per_user) throw new BizError('coupon:message.limit', { limit: coupon.per_user });
    const copy = await insertCopy(tx, coupon, input.userId, input.now, 'claim', null);
    if (!copy) throw new Error('a claim inserted no copy');
    return myCoupon(copy, coupon, input.now, input.lang);
  });
}

export interface Grant {
  userId: number;
  couponId: number;
  /** Idempotence key: the same ref grants once (`lottery:draw:41`, `support:1203`). */
  ref: string;
  /** Unix seconds. */
  now: number;
}

/** Gives a shopper a copy in the caller's transaction, outside stock and limits; the same `ref` gives it once. Returns the copy's id. */
export async function grantCoupon(tx: Tx, grant: Grant): Promise<number> {
  const coupon = await usableCoupon(tx, grant.couponId, grant.now);
  const copy = await insertCopy(tx, coupon, grant.userId, grant.now, 'grant', grant.ref);
  if (copy) return copy.id;
  const existing = await tx.selectFrom('coupon_user').select('id').where('source', '=', 'grant').where('ref', '=', grant.ref).executeTakeFirstOrThrow();
  return existing.id;
}
