/**
 * The chat plugin in the browser: the customer-service page (`/user/service/service`). Its menu
 * entry in `member.services` comes with the real page; until then the route shows a placeholder.
 */
import { definePlugin } from '@kernel/client/plugin';
import { SERVICE_PATH } from './paths';

export default definePlugin({
  id: 'chat',
  version: '1.0.0',
  requires: ['auth'],
  routes: [{ path: SERVICE_PATH, page: () => import('./pages/service.page'), navBar: 'default', title: 'chat:title', auth: true }],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
