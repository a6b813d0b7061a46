/**
 * The coupon plugin's browser code: its section of the settlement screen (the order plugin's
 * `order.settlement` point). Its pages and strings are found by file name; its routes and menu
 * entries are in the descriptor (./plugin.ts).
 */
import { defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { orderSettlementSections } from '@plugins/order/public-client';
import { CouponSection } from './components/CouponSection';

export default defineClient({
  contributes: contribute(orderSettlementSections, { id: 'coupon', order: 10, component: CouponSection }),
});
