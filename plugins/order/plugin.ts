/** The order plugin: settlement, payment, my orders and the order detail; "buy now" on the goods detail. */
import { describePlugin, type MenuDescriptor } from '@kernel/core/descriptor';
import { goodsActions } from '@plugins/goods/points';
import { MY_ORDERS_PATH, ORDER_DETAIL_PATH, PAY_PATH, SETTLEMENT_PATH } from './paths';
import { orderAdjusters, orderPayments, orderPlacedListeners, orderSettlementSections, orderSources, orderTransitions } from './points';
import { orderSettings } from './settings';

/** The member centre's order entries: one per state with its count, and all orders. */
const tab = (id: 'unpaid' | 'toship' | 'shipping' | 'received' | 'all', icon: string, order: number): MenuDescriptor => ({
  slot: 'member.orders',
  id,
  label: `order:menu.${id}`,
  icon,
  to: id === 'all' ? MY_ORDERS_PATH : `${MY_ORDERS_PATH}?type=${id}`,
  order,
  auth: true,
  badge: id !== 'all',
});

export default describePlugin({
  id: 'order',
  version: '1.0.0',
  commands: true,
  requires: ['auth', 'goods', 'address'],
  routes: [
    { path: SETTLEMENT_PATH, page: 'settlement', navBar: 'default', title: 'order:title.settlement', auth: true },
    { path: PAY_PATH, page: 'pay', navBar: 'default', title: 'order:title.pay', auth: true },
    { path: MY_ORDERS_PATH, page: 'my-orders', navBar: 'default', title: 'order:title.my_orders', auth: true },
    { path: ORDER_DETAIL_PATH, page: 'order-detail', navBar: 'default', title: 'order:title.detail', auth: true },
  ],
  menu: [tab('unpaid', 'yuan', 10), tab('toship', 'package', 20), tab('shipping', 'truck', 30), tab('received', 'parcel-check', 40), tab('all', 'order', 50)],
  offers: [orderAdjusters, orderTransitions, orderSources, orderSettlementSections, orderPayments, orderPlacedListeners],
  fills: [goodsActions],
  settings: orderSettings,
});
