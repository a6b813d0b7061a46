/**
 * The cart plugin's browser code: the count as a badge, the "add to cart" button of the goods
 * detail, and the cart store — loaded when the shopper logs in (or at boot when logged in),
 * forgotten on logout.
 */
import { badge, defineClient, provide } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { goodsActions } from '@plugins/goods/public-client';
import { AddToCartAction } from './components/AddToCartAction';
import { cartReload } from './public-client';
import { bootCart, cartStore, followSession, loadCart } from './store';

export default defineClient({
  badges: { cart: badge(cartStore, (s) => s.count) },
  stores: { cart: cartStore },
  contributes: contribute(goodsActions, { id: 'cart.add', order: 10, component: AddToCartAction }),
  provides: [provide(cartReload, (kernel) => () => loadCart(kernel, cartStore, true))],
  setup: (kernel) => followSession(kernel),
  boot: (kernel) => bootCart(kernel),
});
