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
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [security001Init],
  routes(api) {
    api.handle(securityContract.checkPassword, (payload, ctx) => checkPassword(ctx, ctx.requireUser().id, payload.password));
    api.handle(securityContract.changeBind, (payload, ctx) => changeBinding(ctx, payload));
    api.handle(securityContract.unBind, (payload, ctx) => unbind(ctx, payload.type));
    api.handle(securityContract.changePassword, (payload, ctx) => changePassword(ctx, payload));
  },
  commands: securityCommands,
});
