/**
 * The cart plugin in the browser: the cart page and its tab (with the count as a badge), the
 * "add to cart" button of the goods detail, and the cart store — loaded at boot when logged in,
 * again on login, forgotten on logout. Eager, so it stays small: the page, the button and the
 * contract load lazily.
 */
import { badge, definePlugin } from '@kernel/client/plugin';
import { AddToCartAction } from './components/AddToCartAction';
import { CART_PATH } from './paths';
import { bootCart, cartStore, followSession } from './store';

export default definePlugin({
  id: 'cart',
  version: '1.0.0',
  requires: ['auth', 'goods'],
  routes: [{ path: CART_PATH, page: () => import('./pages/cart.page'), navBar: 'custom', title: 'cart:title', auth: true, tabbar: true }],
  // Between the category tab (20) and the member centre (90).
  menu: [
    { slot: 'tabbar', id: 'cart', label: 'cart:tab', icon: 'cart', to: CART_PATH, order: 80, auth: true, badge: badge(cartStore, (s) => s.count) },
    // The cart icon in the goods detail's bottom bar.
    { slot: 'goods.icons', id: 'cart', label: 'cart:tab', icon: 'cart', to: CART_PATH, order: 20, auth: true, badge: badge(cartStore, (s) => s.count) },
  ],
  stores: { cart: cartStore },
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  contributes: { 'goods.actions': [{ id: 'cart.add', order: 10, component: AddToCartAction }] },
  setup: (kernel) => followSession(kernel),
  boot: (kernel) => bootCart(kernel),
});
