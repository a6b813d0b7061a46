/**
 * The order plugin in the browser: settlement, the payment-waiting screen, my orders and an
 * order's detail; the order entries of the member centre (`member.orders`); and "立即购买" in
 * the goods detail (`goods.actions`). Eager, so it stays tiny: pages and contract load lazily.
 */
import { definePlugin, type MenuEntry } from '@kernel/client/plugin';
import { BuyNow } from './components/BuyNow';
import { MY_ORDERS_PATH, ORDER_DETAIL_PATH, PAY_PATH, SETTLEMENT_PATH } from './paths';

/** A member-centre entry opening "my orders" on a tab. */
const tab = (id: string, icon: string, order: number): MenuEntry => ({
  slot: 'member.orders',
  id,
  label: `order:menu.${id}`,
  icon,
  to: id === 'all' ? MY_ORDERS_PATH : `${MY_ORDERS_PATH}?type=${id}`,
  order,
  auth: true,
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
  menu: [tab('unpaid', 'wallet', 10), tab('toship', 'gift', 20), tab('shipping', 'location', 30), tab('received', 'check', 40), tab('all', 'order', 50)],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  contributes: { 'goods.actions': [{ id: 'order.buy', order: 20, component: BuyNow }] },
});
