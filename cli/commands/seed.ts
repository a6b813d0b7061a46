/** `storefront seed`: migrate and seed the enabled plugins that have not been seeded yet, then exit. */
import { Command } from 'commander';
import { outputFor, type CliContext } from '../context';
import { siteOption, dataDirOption, databaseUrlOption, jsonOption, uploadsDirOption } from '../options';

export function seedCommand(ctx: CliContext): Command {
  return new Command('seed')
    .description('migrate and seed demo data for the enabled plugins (each plugin once)')
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(uploadsDirOption())
    .addOption(jsonOption())
    .action(async (options: { site?: string; dataDir?: string; databaseUrl?: string; uploadsDir?: string; json?: boolean }) => {
      const output = outputFor(ctx, options);
      const [{ seedNotes, seedSite }, { withSiteApp }] = await Promise.all([import('@kernel/server/seed'), import('../site-app')]);
      const { seeded, notes } = await withSiteApp(ctx, options, async (app) => ({ ...(await seedSite(app)), notes: await seedNotes(app) }));
      if (seeded.length > 0) output.success(`seeded: ${seeded.join(', ')}`);
      else output.line('nothing to seed: every enabled plugin is seeded already');
      for (const note of notes) output.line(`  ${note}`);
      output.result({ seeded, notes });
    });
}
