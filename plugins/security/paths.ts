/** The security plugin's routes: the account-security list, and the spec's pages (§2). */
export const SECURITY_PATH = '/user/security/security';
export const BIND_EMAIL_PATH = '/user/bindEmail/bindEmail';
export const BIND_MOBILE_PATH = '/user/bindMobile/bindMobile';
export const CHANGE_PASSWORD_PATH = '/user/changePassword/changePassword';
