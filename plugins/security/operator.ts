/**
 * The security plugin's operator command, mounted by the CLI while the plugin is enabled:
 * `storefront security unbind <username> <email|mobile>` — for support, when a shopper's number
 * was recycled by the carrier and its new owner cannot bind or register it.
 */
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { BINDINGS, type Binding } from './contract';
import type { SecuritySettings } from './settings';

const isBinding = (value: string): value is Binding => (BINDINGS as readonly string[]).includes(value);

export const securityCommands: OperatorCommand<SecuritySettings>[] = [
  {
    command: 'security unbind <username> <type>',
    description: "remove a shopper's bound e-mail or mobile (type: email or mobile); they keep username and password",
    async run({ args: [username, type], ctx }) {
      if (!isBinding(type)) throw new OperatorError(`type must be email or mobile, got "${type}"`);
      const user = await ctx.services.users.find(ctx.db, { username });
      if (!user) throw new OperatorError(`shopper \`${username}\` does not exist in site \`${ctx.siteName}\``);
      const bound = user[type];
      if (!bound) throw new OperatorError(`shopper \`${username}\` has no ${type} bound in site \`${ctx.siteName}\``);
      await ctx.services.users.update(ctx.db, user.id, { [type]: null });
      return { lines: [`removed ${type} ${bound} from shopper \`${username}\` (user ${user.id})`], data: { user_id: user.id, username, type, removed: bound } };
    },
  },
];
