/**
 * The address plugin's operator command, mounted by the CLI while the plugin is enabled in the
 * site: `storefront address list <username>` shows a shopper's addresses (customer service).
 */
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { listAddresses } from './service';

export const addressCommands: OperatorCommand[] = [
  {
    command: 'address list <username>',
    description: "show a shopper's delivery addresses, the default first",
    async run({ args, ctx }) {
      const username = args[0];
      const user = await ctx.services.users.find(ctx.db, { username });
      if (!user) throw new OperatorError(`shopper \`${username}\` does not exist in site \`${ctx.siteName}\``);
      const addresses = await listAddresses(ctx.db, user.id);
      const lines = addresses.map((a) => `${a.id}${a.is_default ? ' (default)' : ''}  ${a.name}  ${a.mobile}  ${a.full_address}`);
      if (lines.length === 0) lines.push(`shopper \`${username}\` has no addresses in site \`${ctx.siteName}\``);
      return { lines, data: addresses };
    },
  },
];
