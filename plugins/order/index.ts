/**
 * The order plugin in the browser: settlement, the payment-waiting screen, my orders and an
 * order's detail; the order entries of the member centre (`member.orders`, each with the count
 * of orders waiting in its state); and "立即购买" in the goods detail (`goods.actions`). It
 * offers the slot `order.topup`: ways to top up the balance, shown on the payment screen when
 * the balance is short (entries get `returnTo`, the payment screen, in their query). Eager, so
 * it stays tiny: pages and contract load lazily.
 */
import { badge, definePlugin, type MenuEntry } from '@kernel/client/plugin';
import { BuyNow } from './components/BuyNow';
import { followCounts, orderCountStore, refreshOrderCounts } from './count-store';
import type { OrderCounts } from './contract';
import { MY_ORDERS_PATH, ORDER_DETAIL_PATH, PAY_PATH, SETTLEMENT_PATH } from './paths';

/** A member-centre entry opening "my orders" on a tab; a counted state shows its count. */
const tab = (id: keyof OrderCounts | 'all', icon: string, order: number): MenuEntry => ({
  slot: 'member.orders',
  id,
  label: `order:menu.${id}`,
  icon,
  to: id === 'all' ? MY_ORDERS_PATH : `${MY_ORDERS_PATH}?type=${id}`,
  order,
  auth: true,
  ...(id === 'all' ? {} : { badge: badge(orderCountStore, (counts) => counts[id], refreshOrderCounts) }),
});

export default definePlugin({
  id: 'order',
  version: '1.0.0',
  requires: ['auth', 'goods', 'cart', 'address'],
  routes: [
    { path: SETTLEMENT_PATH, page: () => import('./pages/settlement.page'), navBar: 'default', title: 'order:title.settlement', auth: true },
    { path: PAY_PATH, page: () => import('./pages/pay.page'), navBar: 'default', title: 'order:title.pay', auth: true },
    { path: MY_ORDERS_PATH, page: () => import('./pages/my-orders.page'), navBar: 'default', title: 'order:title.my_orders', auth: true },
    { path: ORDER_DETAIL_PATH, page: () => import('./pages/order-detail.page'), navBar: 'default', title: 'order:title.detail', auth: true },
  ],
  menu: [tab('unpaid', 'yuan', 10), tab('toship', 'package', 20), tab('shipping', 'truck', 30), tab('received', 'parcel-check', 40), tab('all', 'order', 50)],
  stores: { counts: orderCountStore },
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  contributes: { 'goods.actions': [{ id: 'order.buy', order: 20, component: BuyNow }] },
  setup: (kernel) => followCounts(kernel),
});
