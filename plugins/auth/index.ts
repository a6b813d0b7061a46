/**
 * The auth plugin in the browser: the login and register pages, and the logout call the kernel
 * session makes. Part of the shell: a site cannot switch it off.
 */
import { definePlugin } from '@kernel/client/plugin';
import { LOGIN_PATH, REGISTER_PATH } from '@kernel/client/registries';
import { LogoutCall } from '@kernel/client/tokens';
import { authContract } from './contract';
import en from './i18n/en.json';
import zh from './i18n/zh-Hans.json';

export default definePlugin({
  id: 'auth',
  version: '1.0.0',
  core: true,
  routes: [
    { path: LOGIN_PATH, page: () => import('./pages/login.page'), navBar: 'custom', title: 'auth:title.login' },
    { path: REGISTER_PATH, page: () => import('./pages/register.page'), navBar: 'default', title: 'auth:title.register' },
  ],
  i18n: { en, 'zh-Hans': zh },
  setup(kernel) {
    kernel.container.register(LogoutCall, { useValue: authContract.logout });
  },
});
