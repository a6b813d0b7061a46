/**
 * The article plugin's operator command, mounted by the CLI while the plugin is enabled in the
 * site: `storefront article list [username] [--limit <n>]`. Its options are a schema, as a call's
 * payload is: the kernel checks them and names each `--option` it refuses.
 */
import * as z from 'zod/mini';
import { limit } from '@kernel/core/schemas';
import { defineCommand, option } from '@kernel/server/operator-options';
import type { OperatorCommand } from '@kernel/server/plugin';
import { latestEntries } from './entries';

export const articleCommands: OperatorCommand[] = [
  defineCommand({
    command: 'article list [username]',
    description: 'show the newest entries of every shopper, or of one',
    options: z.object({ limit: option(limit(1000, 20), 'how many entries to show', 'n') }),
    async run({ args, options, ctx }) {
      const username = args[0] || undefined;
      const entries = await latestEntries(ctx, { username, limit: options.limit });
      const lines = entries.map((entry) => `${entry.id}  ${entry.username}  ${entry.title}`);
      if (lines.length === 0) lines.push(`no entries${username ? ` of shopper \`${username}\`` : ''} in site \`${ctx.siteName}\``);
      return { lines, data: entries };
    },
  }),
];
