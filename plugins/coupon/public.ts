/**
 * What other plugins may use of the coupon plugin on the server: giving a shopper a coupon (a
 * lottery prize, a reward), in the caller's transaction, once per `ref`. A plugin using it lists
 * `coupon` in its `requires`.
 */
export { grantCoupon, type Grant } from './claim';
