/**
 * The auth plugin in the browser: the login, register and forgot-password pages, and the logout call the kernel
 * session makes. Part of the shell: a site cannot switch it off.
 */
import { definePlugin } from '@kernel/client/plugin';
import { LOGIN_PATH, REGISTER_PATH, RESET_PASSWORD_PATH } from '@kernel/client/registries';
import { LogoutCall } from '@kernel/client/tokens';

export default definePlugin({
  id: 'auth',
  version: '1.0.0',
  core: true,
  routes: [
    { path: LOGIN_PATH, page: () => import('./pages/login.page'), navBar: 'custom', title: 'auth:title.login' },
    { path: REGISTER_PATH, page: () => import('./pages/register.page'), navBar: 'default', title: 'auth:title.register' },
    { path: RESET_PASSWORD_PATH, page: () => import('./pages/reset.page'), navBar: 'default', title: 'auth:title.reset' },
  ],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  setup(kernel) {
    // A loader: the contract (and zod) stays out of the initial bundle until someone logs out.
    kernel.container.register(LogoutCall, { useValue: () => import('./contract').then((m) => m.authContract.logout) });
  },
});
