/**
 * The auth plugin (part of the shell): login, registration, a forgotten password, and logging in
 * through a third-party platform (`/pages/login/third`, binding a mobile the first time; the
 * offline `local` platform's page beside it).
 */
import { describePlugin } from '@kernel/core/descriptor';
import { LOCAL_PLATFORM_PATH, LOGIN_PATH, REGISTER_PATH, RESET_PASSWORD_PATH, THIRD_LOGIN_PATH } from '@kernel/core/paths';
import { authSettings } from './settings';

export default describePlugin({
  id: 'auth',
  version: '1.1.0',
  core: true,
  routes: [
    { path: LOGIN_PATH, page: 'login', navBar: 'custom', title: 'auth:title.login' },
    { path: REGISTER_PATH, page: 'register', navBar: 'default', title: 'auth:title.register' },
    { path: RESET_PASSWORD_PATH, page: 'reset', navBar: 'default', title: 'auth:title.reset' },
    { path: THIRD_LOGIN_PATH, page: 'third', navBar: 'default', title: 'auth:title.third' },
    { path: LOCAL_PLATFORM_PATH, page: 'local-platform', navBar: 'default', title: 'auth:title.local_platform' },
  ],
  // Its browser code tells the kernel how to log out.
  start: 'session',
  // Operator commands (./operator.ts): `storefront auth identities <user>`, `storefront auth unbind <user>`.
  commands: true,
  settings: authSettings,
});
