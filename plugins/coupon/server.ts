/** The coupon plugin on the server: the claim centre, my coupons, the coupon at settlement, operator commands and invariants. */
import { contribute } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import { orderAdjusters, orderTransitions } from '@plugins/order/public';
import { couponAdjuster, couponReturn } from './adjuster';
import { claimCoupon } from './claim';
import { couponContract } from './contract';
import { couponInvariants } from './invariants';
import { coupon001Init } from './migrations/coupon_001_init';
import { coupon002EnglishName } from './migrations/coupon_002_english_name';
import { couponCommands } from './operator';
import descriptor from './plugin';
import { centreCoupons, myCoupons } from './queries';
import { seedCoupons } from './seed';

export default defineServerPlugin(descriptor, {
  migrations: [coupon001Init, coupon002EnglishName],
  routes(api) {
    api.handle(couponContract.centre, (_payload, ctx) => centreCoupons(ctx.db, ctx.user?.id ?? null, ctx.services.clock.nowSeconds(), ctx.lang));
    api.handle(couponContract.claim, (payload, ctx) => claimCoupon(ctx.db, { userId: ctx.requireUser().id, couponId: payload.coupon_id, now: ctx.services.clock.nowSeconds(), lang: ctx.lang }));
    api.handle(couponContract.mine, (payload, ctx) =>
      myCoupons(ctx.db, ctx.requireUser().id, payload.state, payload.page, payload.limit, ctx.services.clock.nowSeconds(), ctx.lang),
    );
  },
  contributes: [...contribute(orderAdjusters, couponAdjuster), ...contribute(orderTransitions, couponReturn)],
  seed: seedCoupons,
  commands: couponCommands,
  invariants: couponInvariants,
});
