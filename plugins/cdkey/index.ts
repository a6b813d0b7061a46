/**
 * The cdkey plugin in the browser: redeeming a card key (`/user/cdkey/addCdkey`) and its entry
 * "卡密兑换" in the member centre's wallet. Eager, so it stays tiny: the page loads lazily.
 */
import { definePlugin } from '@kernel/client/plugin';
import { ADD_CDKEY_PATH } from './paths';

export default definePlugin({
  id: 'cdkey',
  version: '1.0.0',
  requires: ['auth'],
  routes: [{ path: ADD_CDKEY_PATH, page: () => import('./pages/add-cdkey.page'), navBar: 'custom', title: 'cdkey:title', auth: true }],
  menu: [{ slot: 'member.wallet', id: 'cdkey', label: 'cdkey:menu', icon: 'gift', to: ADD_CDKEY_PATH, order: 60, auth: true }],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
