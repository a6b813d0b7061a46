/** The shell's own route paths (spec §2), which plugins' descriptors and the browser kernel share. */
export const HOME_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/login/login';
export const REGISTER_PATH = '/pages/register/register';
/** Forgot password (the auth plugin): like login and register, open to anonymous visitors. */
export const RESET_PASSWORD_PATH = '/pages/resetpwd/resetpwd';
/** The auth plugin's third-party login: the page a platform returns to (bind a mobile, or log in). */
export const THIRD_LOGIN_PATH = '/pages/login/third';
/** The auth plugin's offline pretend platform (`local`), where its "authorisation" happens. */
export const LOCAL_PLATFORM_PATH = '/pages/login/local-platform';
/** Pages an anonymous visitor may always see (forceLogin sends everyone else to login), never a place to return to after a login. */
export const AUTH_PAGE_PATHS: readonly string[] = [LOGIN_PATH, REGISTER_PATH, RESET_PASSWORD_PATH, THIRD_LOGIN_PATH, LOCAL_PLATFORM_PATH];
