/**
 * `storefront db copy --from sqlite:data/default.sqlite --to postgres://…`: moves a shop to
 * another database. The target is migrated to the installed plugins, must hold the same
 * migrations as the source and no rows; the rows go over in one transaction
 * (kernel/server/db-copy.ts), and the row counts of every table are compared afterwards.
 */
import { Command } from 'commander';
import { CliError, usageError } from '../cli-error';
import { outputFor, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { jsonOption } from '../options';

interface CopyOptions {
  from: string;
  to?: string;
  json?: boolean;
}

export function dbCopyCommand(ctx: CliContext): Command {
  return new Command('copy')
    .description('copy every row of a shop into an empty database, then compare row counts (SQLite → PostgreSQL, or back)')
    .requiredOption('--from <url>', 'the database to copy: sqlite:<file> or postgres://…')
    .option('--to <url>', 'an empty database to fill: postgres://… or sqlite:<file> (default: $DATABASE_URL)')
    .addOption(jsonOption('the tables and counts'))
    .addHelpText(
      'after',
      `
Stop the shop first: rows written during the copy would be missing. The target is migrated
first and must then hold nothing but what its migrations write (a fresh database, or a fresh
schema: …?schema=shop). Uploads are files, not rows: move <data-dir>/uploads yourself. Exit
code 1 when anything is refused or a count differs.

Examples:
  $ storefront db copy --from sqlite:data/default.sqlite --to postgres://shop:secret@db.internal:5432/shop
  $ DATABASE_URL=postgres://shop:secret@db.internal/shop storefront db copy --from sqlite:data/default.sqlite`,
    )
    .action(async (options: CopyOptions) => {
      const output = outputFor(ctx, options);
      const [data, status, { migrate }, copying, { openDatabase }] = await Promise.all([
        import('../site-data'),
        import('../migration-status'),
        import('@kernel/server/migrate'),
        import('@kernel/server/db-copy'),
        import('@kernel/server/db'),
      ]);
      const to = options.to ?? (ctx.env.DATABASE_URL || undefined);
      if (to === undefined) throw usageError('--to is missing: name the database to fill (postgres://… or sqlite:<file>), or set $DATABASE_URL');
      const source = data.parseDatabaseUrl(ctx, options.from, '--from');
      const target = data.parseDatabaseUrl(ctx, to, options.to === undefined ? '$DATABASE_URL' : '--to');
      if (data.sameDatabase(source, target)) throw usageError(`--from and --to are the same database (${source.label}): copy into another one`);
      if (!data.databaseExists(source)) throw usageError(`there is no database at ${source.label} to copy from; check --from`);
      const plugins = await status.installedPlugins(ctx.root);
      const onSource = (error: unknown) => Promise.reject(data.connectionProblem(error, source) ?? error);
      const onTarget = (error: unknown) => Promise.reject(data.connectionProblem(error, target) ?? error);

      const from = openDatabase(data.openable(source));
      const into = openDatabase(data.openable(target));
      try {
        const sourceApplied = await status.appliedMigrations(from).catch(onSource);
        if (sourceApplied.length === 0) throw new CliError(`${source.label} holds no storefront data (it has no kernel_migration table); check --from`, EXIT.refused);
        const sourceStatus = status.migrationStatus(sourceApplied, plugins);
        const behind = sourceStatus.plugins.flatMap((p) => p.pending);
        if (behind.length > 0) {
          const hint = source.kind === 'sqlite' ? `storefront db migrate --database-url sqlite:${source.file}` : 'storefront db migrate --database-url <the --from URL>';
          throw new CliError(`${source.label} lacks migrations of the installed plugins; bring it up to date first: ${hint}`, EXIT.refused, behind);
        }
        if (sourceStatus.orphans.length > 0) {
          throw new CliError(`${source.label} has migrations of plugins that are not installed here; install them, then copy again`, EXIT.refused, sourceStatus.orphans);
        }

        const migrated = await migrate(into, plugins).catch(onTarget);
        if (migrated.length > 0) output.line(`Migrated ${target.label}: ${migrated.length} migration${migrated.length === 1 ? '' : 's'} applied`);
        const targetApplied = await status.appliedMigrations(into);
        const differences = [
          ...sourceApplied.filter((m) => !targetApplied.includes(m)).map((m) => `${m}: applied in the source only`),
          ...targetApplied.filter((m) => !sourceApplied.includes(m)).map((m) => `${m}: applied in the target only`),
        ];
        if (differences.length > 0) throw new CliError(`${source.label} and ${target.label} do not list the same migrations`, EXIT.refused, differences);

        const copied = await copying.copyDatabase(from, into, { plugins }).catch((error: unknown) => {
          if (error instanceof copying.CopyFailed) {
            throw data.connectionProblem(error, target) ?? new CliError(`${error.message}; the copy was rolled back, so ${target.label} holds none of the source's rows`, EXIT.refused);
          }
          if (!(error instanceof copying.CopyRefused)) return onTarget(error);
          const hint = error.message.includes('already holds data')
            ? ['copy into an empty database: a new one, or a fresh schema (…?schema=shop in the URL), or empty this one first']
            : [];
          throw new CliError(`cannot copy into ${target.label}: ${error.message}`, EXIT.refused, [...error.details, ...hint]);
        });
        const counts = await copying.compareCounts(from, into);
        const rows = copied.reduce((n, t) => n + t.rows, 0);
        const differing = counts.filter((c) => c.source !== c.target);
        output.result({
          from: source.label,
          to: target.label,
          migrations: targetApplied.length,
          rows,
          tables: counts.map((c) => ({ ...c, same: c.source === c.target })),
          ok: differing.length === 0,
        });
        output.table(
          ['TABLE', 'SOURCE', 'TARGET', ''],
          counts.map((c) => [c.table, String(c.source ?? '—'), String(c.target ?? '—'), c.source === c.target ? output.green('✔') : output.red('✖')]),
        );
        if (differing.length > 0) {
          throw new CliError(
            `the row counts differ in ${differing.length} table${differing.length === 1 ? '' : 's'} after the copy: ${differing.map((c) => c.table).join(', ')}`,
            EXIT.refused,
            ['was the shop still running? Stop it, then copy again into an empty database'],
          );
        }
        output.success(`copied ${rows} rows in ${copied.length} tables from ${source.label} to ${target.label}; every count matches, and both list the same ${targetApplied.length} migrations`);
        output.line(output.dim('  Uploads are files, not rows: copy <data-dir>/uploads to the folder the shop now uses (--uploads-dir).'));
      } finally {
        await Promise.all([from.destroy(), into.destroy()]);
      }
    });
}
