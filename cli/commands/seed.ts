/** `storefront seed`: migrate and seed the enabled plugins that have not been seeded yet, then exit. */
import path from 'node:path';
import { Command } from 'commander';
import { createApp } from '@kernel/server/app';
import { consoleLogger } from '@kernel/server/console-logger';
import { seedNotes, seedSite } from '@kernel/server/seed';
import type { CliContext } from '../context';

export function seedCommand(ctx: CliContext): Command {
  return new Command('seed')
    .description('migrate and seed demo data for the enabled plugins (each plugin once)')
    .option('--site <name>', 'site config under config/sites/', 'default')
    .action(async (options: { site: string }) => {
      const app = await createApp({
        root: ctx.root,
        site: options.site,
        dataDir: path.join(ctx.root, 'data'),
        logger: consoleLogger('warn'),
      });
      try {
        const { seeded } = await seedSite(app);
        ctx.out(seeded.length > 0 ? `seeded: ${seeded.join(', ')}` : 'nothing to seed: every enabled plugin is seeded already');
        for (const note of await seedNotes(app)) ctx.out(`  ${note}`);
      } finally {
        await app.close();
      }
    });
}
