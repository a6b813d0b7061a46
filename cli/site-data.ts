/**
 * Where a site's data lives, as every command reads it: the database (`--database-url`, else
 * $DATABASE_URL, else the SQLite file `<data-dir>/<site>.sqlite`) and the uploads folder
 * (`--uploads-dir`, else $UPLOADS_DIR, else `<data-dir>/uploads`). Commands load this
 * on demand: it reaches the database drivers, which the compiled CLI leaves out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@kernel/server/db';
import { isPostgresUrl, parsePostgresUrl, redactUrl } from '@kernel/server/db-postgres';
import type { Db } from '@kernel/server/plugin';
import { CliError, usageError } from './cli-error';
import { pathFrom, siteOf, type CliContext } from './context';
import { EXIT } from './exit-codes';

export interface SiteDataOptions {
  site?: string;
  dataDir?: string;
  databaseUrl?: string;
  uploadsDir?: string;
}

/** A database to open: `label` names it in messages (a PostgreSQL URL with its password hidden). */
export type DatabaseTarget = { kind: 'sqlite'; file: string; label: string } | { kind: 'postgres'; url: string; label: string };

/** `--data-dir`, else $STOREFRONT_DATA_DIR, else `<root>/data`. */
export const dataDirOf = (ctx: CliContext, options: { dataDir?: string }) =>
  pathFrom(ctx, options.dataDir ?? ctx.env.STOREFRONT_DATA_DIR ?? path.join(ctx.root, 'data'));

/**
 * The uploads folder when one is asked for (`--uploads-dir`, else $UPLOADS_DIR, else the older
 * name $STOREFRONT_UPLOADS_DIR); undefined leaves the kernel's `<data-dir>/uploads`.
 */
export const uploadsDirOf = (ctx: CliContext, options: { uploadsDir?: string }): string | undefined => {
  const dir = options.uploadsDir ?? (ctx.env.UPLOADS_DIR || ctx.env.STOREFRONT_UPLOADS_DIR || undefined);
  return dir === undefined ? undefined : pathFrom(ctx, dir);
};

export function databaseOf(ctx: CliContext, options: SiteDataOptions): DatabaseTarget {
  if (options.databaseUrl !== undefined) return parseDatabaseUrl(ctx, options.databaseUrl, '--database-url');
  if (ctx.env.DATABASE_URL) return parseDatabaseUrl(ctx, ctx.env.DATABASE_URL, '$DATABASE_URL');
  return sqliteTarget(ctx, path.join(dataDirOf(ctx, options), `${siteOf(ctx, options)}.sqlite`));
}

/** `postgres://…` or `sqlite:<file>` (a relative file from the working directory); `where` names the option in errors. */
export function parseDatabaseUrl(ctx: CliContext, value: string, where: string): DatabaseTarget {
  if (isPostgresUrl(value)) {
    try {
      parsePostgresUrl(value);
      return { kind: 'postgres', url: value, label: redactUrl(value) };
    } catch (error) {
      throw usageError(`${where} "${hidePassword(value)}" is not a usable PostgreSQL URL: ${(error as Error).message}`);
    }
  }
  const file = /^sqlite:(?:\/\/)?(.+)$/.exec(value)?.[1];
  if (file) return sqliteTarget(ctx, pathFrom(ctx, file));
  throw usageError(`${where} "${hidePassword(value)}" is neither a postgres:// URL nor sqlite:<file>`, [
    'for example postgres://shop:secret@db.internal:5432/shop or sqlite:data/default.sqlite',
  ]);
}

function sqliteTarget(ctx: CliContext, file: string): DatabaseTarget {
  const relative = path.relative(ctx.root, file);
  return { kind: 'sqlite', file, label: relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file };
}

export interface AppData {
  database: DatabaseTarget;
  /** What `createApp` and `startServer` take: the folder of a SQLite database, a PostgreSQL URL, the uploads folder. */
  dataDir: string;
  databaseUrl: string | undefined;
  uploadsDir: string;
}

/**
 * The site's data as the kernel opens it. The kernel keeps a site's SQLite database as
 * `<site>.sqlite` in its data folder, so a `sqlite:` URL must name such a file (its folder is then
 * the data folder); uploads stay in the data folder unless `--uploads-dir` moves them.
 */
export function appDataOf(ctx: CliContext, options: SiteDataOptions): AppData {
  const database = databaseOf(ctx, options);
  const dataDir = dataDirOf(ctx, options);
  const uploadsDir = uploadsDirOf(ctx, options) ?? path.join(dataDir, 'uploads');
  if (database.kind === 'postgres') return { database, dataDir, databaseUrl: database.url, uploadsDir };
  const site = siteOf(ctx, options);
  if (path.basename(database.file) !== `${site}.sqlite`) {
    throw usageError(`the SQLite database of site \`${site}\` is a file named ${site}.sqlite, and ${database.label} is not; name that file, or give its folder with --data-dir`);
  }
  return { database, dataDir: path.dirname(database.file), databaseUrl: undefined, uploadsDir };
}

/** What `openDatabase` takes. */
export const openable = (target: DatabaseTarget) => (target.kind === 'postgres' ? target.url : target.file);

/** Whether there is a database to read: a SQLite file may not exist yet (a PostgreSQL database is only known by connecting). */
export const databaseExists = (target: DatabaseTarget) => target.kind === 'postgres' || fs.existsSync(target.file);

/** Opens the database, runs `work`, closes it; an unreachable PostgreSQL becomes a CliError saying what to check. */
export async function withDatabase<T>(target: DatabaseTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(openable(target));
  try {
    return await work(db);
  } catch (error) {
    throw connectionProblem(error, target) ?? error;
  } finally {
    await db.destroy();
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);
// invalid password, not authorised, no such database, starting up, too many connections
const REFUSED_BY_SERVER = new Set(['28P01', '28000', '3D000', '57P03', '53300']);

/** The CliError (exit 3) for a database that cannot be reached or entered; null for any other error. */
export function connectionProblem(error: unknown, target: DatabaseTarget): CliError | null {
  for (let cause = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    const code = String(cause.code ?? '');
    if (!UNREACHABLE.has(code) && !REFUSED_BY_SERVER.has(code)) continue;
    return new CliError(`cannot connect to the database ${target.label}: ${String(cause.message)}`, EXIT.environment, [
      UNREACHABLE.has(code)
        ? 'is PostgreSQL running there? Check --database-url or $DATABASE_URL'
        : 'check the user, password and database name in --database-url or $DATABASE_URL',
    ]);
  }
  return null;
}

/** A URL-like value with any password hidden, for messages about values we could not use. */
function hidePassword(value: string): string {
  try {
    return redactUrl(value);
  } catch {
    return value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}

/** Whether two targets are one database (a PostgreSQL URL's password and pool size aside). */
export function sameDatabase(a: DatabaseTarget, b: DatabaseTarget): boolean {
  if (a.kind === 'sqlite') return b.kind === 'sqlite' && a.file === b.file;
  if (b.kind === 'sqlite') return false;
  const [x, y] = [parsePostgresUrl(a.url), parsePostgresUrl(b.url)];
  const where = (url: string) => {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  };
  return where(x.connectionString) === where(y.connectionString) && (x.schema ?? 'public') === (y.schema ?? 'public');
}
