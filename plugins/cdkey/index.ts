/**
 * The cdkey plugin in the browser: redeeming a card key (`/user/cdkey/addCdkey`, `?returnTo=`
 * to go back once redeemed) and its entries: "卡密兑换" in the member centre's wallet and on the
 * balance page (`wallet.actions`), "卡密充值" among the payment screen's ways to top up
 * (`order.topup`). Eager, so it stays tiny: the page loads lazily.
 */
import { definePlugin, type MenuEntry } from '@kernel/client/plugin';
import { ADD_CDKEY_PATH } from './paths';

const entry = (slot: string, label: string, order: number): MenuEntry => ({ slot, id: 'cdkey', label, icon: 'gift', to: ADD_CDKEY_PATH, order, auth: true });

export default definePlugin({
  id: 'cdkey',
  version: '1.0.0',
  requires: ['auth'],
  routes: [{ path: ADD_CDKEY_PATH, page: () => import('./pages/add-cdkey.page'), navBar: 'custom', title: 'cdkey:title', auth: true }],
  menu: [entry('member.wallet', 'cdkey:menu', 60), entry('wallet.actions', 'cdkey:menu', 20), entry('order.topup', 'cdkey:topup', 20)],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
