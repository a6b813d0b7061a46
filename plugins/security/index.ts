/**
 * The security plugin in the browser: bound e-mail, bound mobile and password, behind one
 * "账号安全" entry in the member centre's services (the profile page links to the same pages).
 */
import { definePlugin } from '@kernel/client/plugin';
import { BIND_EMAIL_PATH, BIND_MOBILE_PATH, CHANGE_PASSWORD_PATH, SECURITY_PATH } from './paths';

export default definePlugin({
  id: 'security',
  version: '1.0.0',
  requires: ['auth', 'member'],
  routes: [
    { path: SECURITY_PATH, page: () => import('./pages/security.page'), navBar: 'default', title: 'security:title.security', auth: true },
    { path: BIND_EMAIL_PATH, page: () => import('./pages/bind-email.page'), navBar: 'default', title: 'security:title.bind_email', auth: true },
    { path: BIND_MOBILE_PATH, page: () => import('./pages/bind-mobile.page'), navBar: 'default', title: 'security:title.bind_mobile', auth: true },
    {
      path: CHANGE_PASSWORD_PATH,
      page: () => import('./pages/change-password.page'),
      navBar: 'default',
      title: 'security:title.change_password',
      auth: true,
    },
  ],
  menu: [{ slot: 'member.services', id: 'security', label: 'security:menu.security', icon: 'setting', to: SECURITY_PATH, order: 80, auth: true }],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
