/**
 * The security plugin on the API host: the password check, binding and unbinding the e-mail
 * and mobile, changing the password; an operator command for support.
 */
import { defineServerPlugin } from '@kernel/server/plugin';
import { changeBinding, unbind } from './binding';
import { securityContract } from './contract';
import { security001Init } from './migrations/security_001_init';
import { securityCommands } from './operator';
import { changePassword } from './password';
import { checkPassword } from './password-check';
import { securitySettings } from './settings';

export default defineServerPlugin({
  id: 'security',
  version: '1.0.0',
  // Codes come from the auth plugin's send calls; the pages read the profile through member.
  requires: ['auth', 'member'],
  settings: securitySettings,
  migrations: [security001Init],
  routes(api) {
    api.handle(securityContract.checkPassword, (payload, ctx) => checkPassword(ctx, ctx.requireUser().id, payload.password));
    api.handle(securityContract.changeBind, (payload, ctx) => changeBinding(ctx, payload));
    api.handle(securityContract.unBind, (payload, ctx) => unbind(ctx, payload.type));
    api.handle(securityContract.changePassword, (payload, ctx) => changePassword(ctx, payload));
  },
  commands: securityCommands,
});
