/**
 * The coupon plugin: the claim centre and my coupons (unused, used, expired), and the coupon the
 * shopper picks at settlement (through the order plugin's extension points).
 */
import { describePlugin } from '@kernel/core/descriptor';
import { orderAdjusters, orderSettlementSections, orderTransitions } from '@plugins/order/points';
import { COUPON_PATH } from './paths';

export default describePlugin({
  id: 'coupon',
  version: '1.0.0',
  requires: ['auth', 'order'],
  commands: true,
    // Open to anyone for the claim centre tab; the page sends anonymous visitors of "my coupons" to log in.
  routes: [{ path: COUPON_PATH, page: 'coupon', navBar: 'default', title: 'coupon:title' }],
  menu: [
    { slot: 'member.wallet', id: 'coupon', label: 'coupon:menu', icon: 'coupon', to: COUPON_PATH, order: 30, auth: true },
    { slot: 'home.grid', id: 'centre', label: 'coupon:centre_menu', icon: 'coupon', to: `${COUPON_PATH}?tab=centre`, order: 40 },
  ],
  fills: [orderAdjusters, orderTransitions, orderSettlementSections],
});
