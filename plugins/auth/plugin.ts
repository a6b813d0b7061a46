/** The auth plugin (part of the shell): login, registration and a forgotten password. */
import { describePlugin } from '@kernel/core/descriptor';
import { LOGIN_PATH, REGISTER_PATH, RESET_PASSWORD_PATH } from '@kernel/core/paths';

export default describePlugin({
  id: 'auth',
  version: '1.0.0',
  core: true,
  routes: [
    { path: LOGIN_PATH, page: 'login', navBar: 'custom', title: 'auth:title.login' },
    { path: REGISTER_PATH, page: 'register', navBar: 'default', title: 'auth:title.register' },
    { path: RESET_PASSWORD_PATH, page: 'reset', navBar: 'default', title: 'auth:title.reset' },
  ],
  // Its browser code tells the kernel how to log out.
  start: 'session',
});
