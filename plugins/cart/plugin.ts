/** The cart plugin: the cart page and tab (with the count), and "add to cart" on the goods detail. */
import { describePlugin } from '@kernel/core/descriptor';
import { goodsActions } from '@plugins/goods/points';
import { orderPlacedListeners, orderSources } from '@plugins/order/points';
import * as z from 'zod/mini';
import { CART_PATH } from './paths';

export default describePlugin({
  id: 'cart',
  version: '1.0.0',
  commands: true,
  requires: ['auth', 'goods', 'order'],
  routes: [{ path: CART_PATH, page: 'cart', navBar: 'custom', title: 'cart:title', auth: true, tabbar: true }],
  menu: [
    // Between the category tab (20) and the member centre (90).
    { slot: 'tabbar', id: 'cart', label: 'cart:tab', icon: 'cart', to: CART_PATH, order: 80, auth: true, badge: true },
    // The cart icon in the goods detail's bottom bar.
    { slot: 'goods.icons', id: 'cart', label: 'cart:tab', icon: 'cart', to: CART_PATH, order: 20, auth: true, badge: true },
  ],
  // The cart is an order source: checkout places an order from its selected lines, and the cart
  // reloads once such an order is placed.
  fills: [goodsActions, orderSources, orderPlacedListeners],
  // The cart follows the session (its count on the tab, cleared on logout).
  start: 'session',
  // A site may change this under `plugins.cart.settings` in its config file.
  settings: z.object({ maxLines: z._default(z.number().check(z.int(), z.positive()), 100) }),
});
