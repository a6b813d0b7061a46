/**
 * `storefront db backup <file>`: an online copy of the site's SQLite database (better-sqlite3's
 * backup API, page by page, while the shop keeps serving), written beside as `<file>.partial` and
 * renamed once complete, so a half-written backup never looks like a good one. PostgreSQL is
 * backed up with its own tool: the command prints the `pg_dump` and `pg_restore` lines for the
 * database in use, without its password.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { CliError, usageError } from '../cli-error';
import { outputFor, pathFrom, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { dataDirOption, databaseUrlOption, jsonOption, siteOption } from '../options';

interface BackupOptions {
  site?: string;
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
  force?: boolean;
}

export function dbBackupCommand(ctx: CliContext): Command {
  return new Command('backup')
    .description("copy the site's SQLite database to a file while the shop runs (PostgreSQL: prints the pg_dump command)")
    .argument('<file>', 'where the copy goes (a new file; --force replaces one)')
    .option('--force', 'replace the file if it exists')
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption())
    .addHelpText('after', '\nRestore a SQLite backup: stop the shop, copy the file over <data-dir>/<site>.sqlite, start it again.\n\nExamples:\n  $ storefront db backup backups/shop-$(date +%F).sqlite\n  $ storefront db backup shop.dump --database-url "$DATABASE_URL"   # prints the pg_dump command')
    .action(async (file: string, options: BackupOptions) => {
      const output = outputFor(ctx, options);
      const { databaseExists, databaseOf } = await import('../site-data');
      const target = databaseOf(ctx, options);
      const destination = pathFrom(ctx, file);
      if (target.kind === 'postgres') {
        const url = target.label;
        const lines = [`pg_dump --format=custom --no-owner --file ${JSON.stringify(destination)} "${url}"`, `pg_restore --clean --if-exists --no-owner --dbname "${url}" ${JSON.stringify(destination)}`];
        output.result({ database: target.label, kind: 'postgres', commands: lines });
        output.line('PostgreSQL is backed up with its own tools (the password is left out of the URL: give it with PGPASSWORD or ~/.pgpass):');
        for (const line of lines) output.line(`  ${line}`);
        return;
      }
      if (!databaseExists(target)) throw new CliError(`there is no database at ${target.label} to back up`, EXIT.refused, ['start the shop once, or name the site or data folder it uses (--site, --data-dir)']);
      if (path.resolve(target.file) === destination) throw usageError('the backup would overwrite the database itself: name another file');
      if (fs.existsSync(destination) && !options.force) throw new CliError(`${file} already exists`, EXIT.refused, ['name a new file, or pass --force to replace it']);
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      const partial = `${destination}.partial`;
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(target.file, { readonly: true, fileMustExist: true });
      try {
        await db.backup(partial);
      } catch (error) {
        fs.rmSync(partial, { force: true });
        throw error;
      } finally {
        db.close();
      }
      fs.renameSync(partial, destination);
      const bytes = fs.statSync(destination).size;
      output.result({ database: target.label, kind: 'sqlite', file: destination, bytes });
      output.success(`backed up ${target.label} to ${file} (${(bytes / 1024).toFixed(0)} KB)`);
    });
}
