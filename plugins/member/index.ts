/**
 * The member plugin in the browser: the member centre (`我的` tab) with the slots other plugins
 * fill — `member.orders`, `member.wallet`, `member.services`.
 */
import { definePlugin } from '@kernel/client/plugin';
import { MEMBER_PATH } from './paths';

export default definePlugin({
  id: 'member',
  version: '1.0.0',
  requires: ['auth'],
  routes: [{ path: MEMBER_PATH, page: () => import('./pages/user.page'), navBar: 'custom', title: 'member:title.user', tabbar: true }],
  menu: [{ slot: 'tabbar', id: 'mine', label: 'member:tabbar.mine', icon: 'user', to: MEMBER_PATH, order: 90 }],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
