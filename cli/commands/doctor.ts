/** `storefront doctor`: every problem of a site at once; exit 1 when there is any. */
import { Command } from 'commander';
import { CliError } from '../cli-error';
import { outputFor, siteOf, type CliContext } from '../context';
import type { Check } from '../doctor-checks';
import { EXIT } from '../exit-codes';
import { BUILT_IN_COMMANDS } from '../built-ins';
import { checkEvents } from './events-check';
import { parsePort } from './start';
import { siteOption, dataDirOption, databaseUrlOption, jsonOption } from '../options';

interface DoctorOptions {
  site?: string;
  port?: number;
  host: string;
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
}

export function doctorCommand(ctx: CliContext): Command {
  return new Command('doctor')
    .description('check a site: config schema, plugin graph, operator commands, pending migrations, data invariants, failed event deliveries, the shared config (PostgreSQL), port')
    .addOption(siteOption())
    .option('--port <port>', 'port to check (default: $PORT or 8080)', parsePort)
    .option('--host <host>', 'address to check the port on', '127.0.0.1')
    .addOption(dataDirOption())
    .addOption(databaseUrlOption('the database to check'))
    .addOption(jsonOption('the report'))
    .addHelpText('after', '\nExit code 0 when every check passes, 1 when any finds a problem.\n\nExamples:\n  $ storefront doctor\n  $ storefront doctor --site shop2 --port 8081 --json\n  $ storefront doctor --database-url "$DATABASE_URL"')
    .action(async (options: DoctorOptions) => {
      const output = outputFor(ctx, options);
      const site = siteOf(ctx, options);
      const [{ checkCommands, checkDatabase, checkManifests, checkPort, checkSharedSite, checkSite }, { loadProject, readSite }, { databaseOf }] = await Promise.all([
        import('../doctor-checks'),
        import('../project'),
        import('../site-data'),
      ]);
      const target = databaseOf(ctx, options);
      const project = await loadProject(ctx.root);
      const state = readSite(project, site);
      const database = await checkDatabase(project, target);
      const port = options.port ?? (ctx.env.PORT ? parsePort(ctx.env.PORT) : 8080);
      const checks: Check[] = [
        checkManifests(project),
        checkSite(state, project),
        checkCommands(ctx, project, state, BUILT_IN_COMMANDS),
        database.migrations,
        database.invariants,
        await checkEvents(target),
        ...[await checkSharedSite(state, project, target)].filter((check) => check !== null),
        await checkPort(port, options.host),
      ];
      const count = checks.reduce((n, c) => n + c.problems.length, 0);
      output.result({ site, ok: count === 0, problems: count, checks });

      for (const check of checks) {
        const mark = check.problems.length === 0 ? output.green('✔') : output.red('✖');
        output.line(`${mark} ${check.title}`);
        for (const problem of check.problems) output.line(`    ${output.red('-')} ${problem}`);
        for (const note of check.notes) output.line(`    ${output.dim(note)}`);
      }
      if (count > 0) throw new CliError(`doctor found ${count} problem${count === 1 ? '' : 's'} in site \`${site}\``, EXIT.refused);
      output.success(`site \`${site}\` is healthy`);
    });
}
