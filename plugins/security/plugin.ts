/** The security plugin: password change and the bound e-mail and mobile. */
import { describePlugin } from '@kernel/core/descriptor';
import { BIND_EMAIL_PATH, BIND_MOBILE_PATH, CHANGE_PASSWORD_PATH, SECURITY_PATH } from './paths';
import { securitySettings } from './settings';

export default describePlugin({
  id: 'security',
  version: '1.0.0',
  commands: true,
  // Codes come from the auth plugin's send calls; the pages read the profile through member.
  requires: ['auth', 'member'],
  routes: [
    { path: SECURITY_PATH, page: 'security', navBar: 'default', title: 'security:title.security', auth: true },
    { path: BIND_EMAIL_PATH, page: 'bind-email', navBar: 'default', title: 'security:title.bind_email', auth: true },
    { path: BIND_MOBILE_PATH, page: 'bind-mobile', navBar: 'default', title: 'security:title.bind_mobile', auth: true },
    { path: CHANGE_PASSWORD_PATH, page: 'change-password', navBar: 'default', title: 'security:title.change_password', auth: true },
  ],
  menu: [{ slot: 'member.services', id: 'security', label: 'security:menu.security', icon: 'setting', to: SECURITY_PATH, order: 80, auth: true }],
  settings: securitySettings,
});
