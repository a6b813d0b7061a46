/**
 * The __id__ plugin's operator command, mounted by the CLI while the plugin is enabled in the
 * site: `storefront __id__ list [username] [--limit <n>]`. Its argument and options are schemas, as
 * a call's payload is: the kernel checks them and names each `<argument>` and `--option` it refuses.
 */
import * as z from 'zod/mini';
import { limit, optionalText } from '@kernel/core/schemas';
import { defineCommand, option } from '@kernel/server/operator-options';
import type { OperatorCommand } from '@kernel/server/plugin';
import { latestEntries } from './entries';

export const __id__Commands: OperatorCommand[] = [
  defineCommand({
    command: '__id__ list [username]',
    description: 'show the newest entries of every shopper, or of one',
    arguments: z.object({ username: optionalText(64) }),
    options: z.object({ limit: option(limit(1000, 20), 'how many entries to show', 'n') }),
    async run({ params, options, ctx }) {
      const username = params.username || undefined;
      const entries = await latestEntries(ctx, { username, limit: options.limit });
      const lines = entries.map((entry) => `${entry.id}  ${entry.username}  ${entry.title}`);
      if (lines.length === 0) lines.push(`no entries${username ? ` of shopper \`${username}\`` : ''} in site \`${ctx.siteName}\``);
      return { lines, data: entries };
    },
  }),
];
