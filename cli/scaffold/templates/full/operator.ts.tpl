/**
 * The __id__ plugin's operator command, mounted by the CLI while the plugin is enabled in the
 * site: `storefront __id__ list [username] [--limit <n>]`.
 */
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { latestEntries } from './entries';

export const __id__Commands: OperatorCommand[] = [
  {
    command: '__id__ list [username]',
    description: 'show the newest entries of every shopper, or of one',
    options: [{ flags: '--limit <n>', description: 'how many entries to show', default: '20' }],
    async run({ args, options, ctx }) {
      const limit = Number(options.limit ?? 20);
      if (!Number.isInteger(limit) || limit < 1) throw new OperatorError(`--limit must be a whole number ≥ 1, got "${String(options.limit)}"`);
      const username = args[0] || undefined;
      const entries = await latestEntries(ctx, { username, limit });
      const lines = entries.map((entry) => `${entry.id}  ${entry.username}  ${entry.title}`);
      if (lines.length === 0) lines.push(`no entries${username ? ` of shopper \`${username}\`` : ''} in site \`${ctx.siteName}\``);
      return { lines, data: entries };
    },
  },
];
