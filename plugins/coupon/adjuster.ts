/**
 * The coupon at settlement, through the order plugin's extension points. The preview lists the
 * shopper's unused coupons with what each takes off this order (or why it cannot), and prices the
 * chosen one; placing takes it with a conditional update (`used_at is null`), so two orders racing
 * for one coupon get it once. A copy of a coupon the shop has disabled is listed as unusable and
 * refused. A cancelled order gives its coupon back.
 */
import { BizError } from '@kernel/core/errors';
import { formatYuan } from '@kernel/core/money';
import type { Lang, Tx } from '@kernel/server/plugin';
import type { AdjusterInput, OrderTransitionHook, PriceAdjuster } from '@plugins/order/public';
import type { CouponOption, CouponOptions } from './contract';
import { copyDiscountOf } from './rules';
import type {} from './tables';
import { couponView, termsOf, type CouponRow } from './view';

/** The shopper's copies in date (unused, started, not expired), soonest to expire first, with their coupons (maybe disabled). */
async function unusedCopies(tx: Tx, userId: number, now: number) {
  const rows = await tx
    .selectFrom('coupon_user')
    .innerJoin('coupon_coupon', 'coupon_coupon.id', 'coupon_user.coupon_id')
    .selectAll('coupon_coupon')
    .select(['coupon_user.id as copy_id', 'coupon_user.expires_at as copy_expires_at'])
    .where('coupon_user.user_id', '=', userId)
    .where('coupon_user.used_at', 'is', null)
    .where('coupon_user.starts_at', '<=', now)
    .where('coupon_user.expires_at', '>', now)
    .orderBy('coupon_user.expires_at', 'asc')
    .orderBy('coupon_user.id', 'asc')
    .execute();
  return rows.map(({ copy_id, copy_expires_at, ...coupon }) => ({ copyId: copy_id, expiresAt: Number(copy_expires_at), coupon: coupon as CouponRow }));
}

const discountOf = (copy: { coupon: CouponRow }, goodsAmount: number) =>
  copyDiscountOf({ terms: termsOf(copy.coupon), disabled: copy.coupon.disabled_at !== null }, goodsAmount);

function option(copy: { copyId: number; expiresAt: number; coupon: CouponRow }, goodsAmount: number, lang: Lang): CouponOption {
  const result = discountOf(copy, goodsAmount);
  const usable = 'discount' in result;
  return {
    id: copy.copyId,
    coupon: couponView(copy.coupon, lang),
    expires_at: copy.expiresAt,
    usable,
    reason: usable ? null : result.reason,
    discount: usable ? formatYuan(result.discount) : null,
  };
}

export const couponAdjuster: PriceAdjuster = {
  id: 'coupon',
  async adjust({ tx, userId, goodsAmount, placing, orderNo, choice, now }: AdjusterInput) {
    if (choice === undefined) return null;
    const copy = (await unusedCopies(tx, userId, now)).find((c) => c.copyId === choice);
    const result = copy ? discountOf(copy, goodsAmount) : null;
    if (!copy || !result || !('discount' in result)) {
      // A preview just leaves it out (the section sees `chosen: null`); an order is not placed with it.
      if (!placing) return null;
      if (result && 'reason' in result) throw new BizError(`coupon:message.${result.reason}`);
      throw new BizError('coupon:message.not_usable');
    }
    if (placing) {
      const taken = await tx
        .updateTable('coupon_user')
        .set({ used_at: now, order_no: orderNo })
        .where('id', '=', copy.copyId)
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new BizError('coupon:message.not_usable');
    }
    // Both titles: the order shows the one of whoever reads it later.
    return { label: 'coupon:adjust.label', amount: -result.discount, detail: copy.coupon.name, ...(copy.coupon.name_en ? { detailEn: copy.coupon.name_en } : {}) };
  },
  async options({ tx, userId, goodsAmount, choice, now, lang }: AdjusterInput): Promise<CouponOptions> {
    const coupons = (await unusedCopies(tx, userId, now)).map((copy) => option(copy, goodsAmount, lang));
    // Usable first (largest discount first), then the rest; each group keeps "soonest to expire" order.
    const sorted = [...coupons.filter((c) => c.usable).sort((a, b) => Number(b.discount) - Number(a.discount)), ...coupons.filter((c) => !c.usable)];
    const chosen = sorted.find((c) => c.id === choice && c.usable)?.id ?? null;
    return { coupons: sorted, requested: choice ?? null, chosen };
  },
};

/** A cancelled order (by the shopper, or unpaid past its deadline) gives its coupon back. */
export const couponReturn: OrderTransitionHook = {
  id: 'coupon',
  on: ['cancel', 'expire'],
  async moved({ tx, userId, orderNo }) {
    await tx.updateTable('coupon_user').set({ used_at: null, order_no: null }).where('order_no', '=', orderNo).where('user_id', '=', userId).execute();
  },
};
