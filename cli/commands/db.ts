/**
 * `storefront db migrate|status|copy`: the database's migrations, and moving a shop from one
 * database to another. Each works on the site's SQLite file or on PostgreSQL (`--database-url`).
 */
import { Command } from 'commander';
import { CliError } from '../cli-error';
import { outputFor, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { dataDirOption, databaseUrlOption, jsonOption, siteOption } from '../options';
import { dbBackupCommand } from './db-backup';
import { dbCopyCommand } from './db-copy';

interface DbOptions {
  site?: string;
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
}

export function dbCommand(ctx: CliContext): Command {
  return new Command('db')
    .description('the database: apply or list migrations, copy a shop to another database (SQLite or PostgreSQL), back it up')
    .addCommand(dbMigrateCommand(ctx))
    .addCommand(dbStatusCommand(ctx))
    .addCommand(dbCopyCommand(ctx))
    .addCommand(dbBackupCommand(ctx));
}

const withDatabaseOptions = (command: Command) =>
  command.addOption(siteOption()).addOption(dataDirOption()).addOption(databaseUrlOption()).addOption(jsonOption());

function dbMigrateCommand(ctx: CliContext): Command {
  return withDatabaseOptions(new Command('migrate').description('apply the pending migrations of the kernel and every installed plugin'))
    .addHelpText('after', '\nExamples:\n  $ storefront db migrate\n  $ storefront db migrate --database-url postgres://shop:secret@db.internal:5432/shop')
    .action(async (options: DbOptions) => {
      const output = outputFor(ctx, options);
      const [{ databaseOf, withDatabase }, { installedPlugins }, { migrate }] = await Promise.all([
        import('../site-data'),
        import('../migration-status'),
        import('@kernel/server/migrate'),
      ]);
      const target = databaseOf(ctx, options);
      const plugins = await installedPlugins(ctx.root);
      const applied = await withDatabase(target, (db) => migrate(db, plugins)).catch((error: Error) => {
        if (!/^migrations? /.test(error.message)) throw error;
        throw new CliError(error.message, EXIT.refused, ['the migrations before it are applied; fix the cause, then run `storefront db migrate` again']);
      });
      output.result({ database: target.label, applied });
      if (applied.length === 0) {
        output.success(`${target.label} is up to date: nothing to apply`);
        return;
      }
      output.success(`applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${target.label}`);
      output.table(['PLUGIN', 'MIGRATION'], applied.map((m) => [m.plugin, m.name]));
    });
}

function dbStatusCommand(ctx: CliContext): Command {
  return withDatabaseOptions(new Command('status').description('list applied and pending migrations per plugin; exit 1 when any is pending'))
    .addHelpText('after', '\nExit code 0 when the database is up to date, 1 when migrations are pending.\n\nExamples:\n  $ storefront db status\n  $ storefront db status --database-url "$DATABASE_URL" --json')
    .action(async (options: DbOptions) => {
      const output = outputFor(ctx, options);
      const [{ databaseExists, databaseOf, withDatabase }, { appliedMigrations, installedPlugins, migrationStatus }] = await Promise.all([
        import('../site-data'),
        import('../migration-status'),
      ]);
      const target = databaseOf(ctx, options);
      const plugins = await installedPlugins(ctx.root);
      const exists = databaseExists(target);
      // A SQLite file that is not there yet stays so: status never creates a database.
      const status = migrationStatus(exists ? await withDatabase(target, appliedMigrations) : [], plugins);
      output.result({ database: target.label, exists, ok: status.pending === 0, ...status });

      output.line(`Migrations of ${output.bold(target.label)}${exists ? '' : ' (no database yet)'}`);
      output.table(
        ['PLUGIN', 'APPLIED', 'PENDING'],
        status.plugins.map((p) => [
          p.plugin,
          p.applied.length === 0 ? '0' : `${p.applied.length} ${output.dim(`(last ${p.applied[p.applied.length - 1]})`)}`,
          p.pending.length === 0 ? output.dim('—') : output.yellow(p.pending.join(', ')),
        ]),
      );
      if (status.orphans.length > 0) output.line(output.dim(`Applied by plugins no longer installed (their data is kept): ${status.orphans.join(', ')}`));
      if (status.pending > 0) {
        throw new CliError(
          `${status.pending} migration${status.pending === 1 ? ' is' : 's are'} pending in ${target.label}: run \`storefront db migrate\` with the same options to apply them (\`storefront start\` applies them too)`,
          EXIT.refused,
        );
      }
      output.success(`${target.label} is up to date: ${status.applied} migrations applied`);
    });
}
