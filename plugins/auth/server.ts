/** The auth plugin on the API host: login, registration, logout and verification codes. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { authContract } from './contract';
import { resetPassword } from './reset';
import { seedAccounts } from './seed';
import { logout, mobileLogin, passwordLogin, register, sendEmailCode, sendSmsCode } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(authContract.login, (payload, ctx) => passwordLogin(ctx, payload));
    api.handle(authContract.mobileLogin, (payload, ctx) => mobileLogin(ctx, payload));
    api.handle(authContract.register, (payload, ctx) => register(ctx, payload));
    // `auth: 'required'`: the kernel answers 401 before this runs when the token is missing or dead.
    api.handle(authContract.logout, (payload, ctx) => logout(ctx, payload.refresh_token));
    api.handle(authContract.resetPassword, (payload, ctx) => resetPassword(ctx, payload));
    api.handle(authContract.sendSms, async (payload, ctx) => {
      await sendSmsCode(ctx, payload.mobile, payload.template_code);
      return null;
    });
    api.handle(authContract.sendEmail, async (payload, ctx) => {
      await sendEmailCode(ctx, payload.email, payload.event);
      return null;
    });
  },
  seed: seedAccounts,
});
