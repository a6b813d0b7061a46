/**
 * The member plugin in the browser: the member centre (`我的` tab) with the slots other plugins
 * fill — `member.orders`, `member.wallet`, `member.services` — and the shopper's profile and
 * avatar pages (reached from the centre's header).
 */
import { definePlugin } from '@kernel/client/plugin';
import { AVATAR_PATH, MEMBER_PATH, PROFILE_PATH } from './paths';

export default definePlugin({
  id: 'member',
  version: '1.1.0',
  requires: ['auth'],
  routes: [
    { path: MEMBER_PATH, page: () => import('./pages/user.page'), navBar: 'custom', title: 'member:title.user', tabbar: true },
    { path: PROFILE_PATH, page: () => import('./pages/profile.page'), navBar: 'default', title: 'member:title.profile', auth: true },
    { path: AVATAR_PATH, page: () => import('./pages/avatar.page'), navBar: 'default', title: 'member:title.avatar', auth: true },
  ],
  menu: [{ slot: 'tabbar', id: 'mine', label: 'member:tabbar.mine', icon: 'user', to: MEMBER_PATH, order: 90 }],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
