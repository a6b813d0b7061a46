/**
 * The cart plugin's browser code: the count as a badge, the "add to cart" button of the goods
 * detail, and the cart store — loaded when the shopper logs in (or at boot when logged in),
 * forgotten on logout.
 */
import { badge, defineClient } from '@kernel/client/plugin';
import { AddToCartAction } from './components/AddToCartAction';
import { bootCart, cartStore, followSession } from './store';

export default defineClient({
  badges: { cart: badge(cartStore, (s) => s.count) },
  stores: { cart: cartStore },
  contributes: { 'goods.actions': [{ id: 'cart.add', order: 10, component: AddToCartAction }] },
  setup: (kernel) => followSession(kernel),
  boot: (kernel) => bootCart(kernel),
});
