/**
 * The cart plugin's browser code: the count as a badge, the "add to cart" button of the goods
 * detail, and the cart store — loaded when the shopper logs in (or at boot when logged in),
 * forgotten on logout.
 */
import { badge, defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { goodsActions } from '@plugins/goods/public-client';
import { AddToCartAction } from './components/AddToCartAction';
import { orderPlacedListeners } from '@plugins/order/public-client';
import { bootCart, cartStore, followSession, loadCart } from './store';

export default defineClient({
  badges: { cart: badge(cartStore, (s) => s.count) },
  stores: { cart: cartStore },
  contributes: [
    ...contribute(goodsActions, { id: 'cart.add', order: 10, component: AddToCartAction }),
    // An order from the cart's lines took them out on the server: show what is left.
    ...contribute(orderPlacedListeners, (kernel, placed) => (placed.source === 'cart' ? loadCart(kernel, cartStore, true) : undefined)),
  ],
  setup: (kernel) => followSession(kernel),
  boot: (kernel) => bootCart(kernel),
});
