/** The auth plugin on the API host: login, registration, logout, verification codes, third-party login and the operator's identity commands. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { authContract } from './contract';
import { auth001ThirdParty } from './migrations/auth_001_third_party';
import { authCommands } from './operator';
import { resetPassword } from './reset';
import { DEMO_SHOPPER, DEMO_STAFF, seedAccounts } from './seed';
import { logout, mobileLogin, passwordLogin, register, sendEmailCode, sendSmsCode } from './service';
import { bindThirdAccount } from './third/bind';
import { grantLocalCode } from './third/local';
import { thirdLogin, thirdProviders } from './third/login';
import { enabledProvider } from './third/registry';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [auth001ThirdParty],
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
    api.handle(authContract.thirdProviders, (payload, ctx) => thirdProviders(ctx, payload));
    api.handle(authContract.thirdLogin, (payload, ctx) => thirdLogin(ctx, payload));
    api.handle(authContract.bindThirdAccount, (payload, ctx) => bindThirdAccount(ctx, payload));
    api.handle(authContract.localAuthorize, async (payload, ctx) => {
      // The pretend platform answers only where the site offers it.
      enabledProvider(ctx.settings, 'local');
      return { code: await grantLocalCode(ctx, payload.name) };
    });
  },
  commands: authCommands,
  seed: seedAccounts,
  demoLogins: [DEMO_SHOPPER, DEMO_STAFF],
  // The demo offers the pretend platform, and its e2e suite and benchmarks register many shoppers from one machine.
  demoSettings: { thirdLogin: ['local'], registrationsPerIpHour: 0 },
});
