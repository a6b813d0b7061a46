/**
 * The address plugin in the browser: the shopper's address list (also a picker for checkout,
 * `?select=1`), the address form, and a menu entry in `member.services`. Other plugins use
 * ./public-client.ts. Eager and tiny: pages load lazily, the contracts on the first call.
 */
import { definePlugin } from '@kernel/client/plugin';
import { ADDRESS_FORM_PATH, ADDRESS_LIST_PATH } from './paths';
import { addressStore, areaStore, forgetOnLogout } from './store';

export default definePlugin({
  id: 'address',
  version: '1.0.0',
  requires: ['auth', 'goods'],
  routes: [
    { path: ADDRESS_LIST_PATH, page: () => import('./pages/address.page'), navBar: 'default', title: 'address:title.list', auth: true },
    { path: ADDRESS_FORM_PATH, page: () => import('./pages/address-form.page'), navBar: 'custom', title: 'address:title.new', auth: true },
  ],
  menu: [{ slot: 'member.services', id: 'address', label: 'address:menu', icon: 'location', to: ADDRESS_LIST_PATH, order: 50, auth: true }],
  stores: { addresses: addressStore, areas: areaStore },
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  setup: (kernel) => forgetOnLogout(kernel),
});
