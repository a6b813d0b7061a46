/** The shell's own route paths (spec §2), which plugins' descriptors and the browser kernel share. */
export const HOME_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/login/login';
export const REGISTER_PATH = '/pages/register/register';
/** Forgot password (the auth plugin): like login and register, open to anonymous visitors. */
export const RESET_PASSWORD_PATH = '/pages/resetpwd/resetpwd';
