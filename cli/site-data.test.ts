import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import type { CliContext } from './context';
import { EXIT } from './exit-codes';
import { appDataOf, connectionProblem, databaseOf, parseDatabaseUrl, sameDatabase, uploadsDirOf } from './site-data';

const root = path.resolve('/srv/shop');
const ctx = (env: NodeJS.ProcessEnv = {}): CliContext => ({ root, env, cwd: root, out: () => {}, err: () => {} });
const PG = 'postgres://shop:secret@db.internal:5432/shop';

describe('which database a command works on', () => {
  it('takes --database-url, else $DATABASE_URL, else the site’s SQLite file in the data folder', () => {
    expect(databaseOf(ctx({ DATABASE_URL: PG }), { databaseUrl: 'sqlite:/tmp/other.sqlite' })).toEqual({ kind: 'sqlite', file: path.resolve('/tmp/other.sqlite'), label: path.resolve('/tmp/other.sqlite') });
    expect(databaseOf(ctx({ DATABASE_URL: PG }), {})).toEqual({ kind: 'postgres', url: PG, label: 'postgres://shop:***@db.internal:5432/shop' });
    expect(databaseOf(ctx({ DATABASE_URL: '' }), { site: 'b' })).toEqual({ kind: 'sqlite', file: path.join(root, 'data', 'b.sqlite'), label: path.join('data', 'b.sqlite') });
    expect(databaseOf(ctx({ STOREFRONT_DATA_DIR: '/var/shop' }), {}).label).toBe(path.resolve('/var/shop/default.sqlite'));
  });

  it('refuses a URL of another database as a usage error, its password hidden', () => {
    const refusal = (() => {
      try {
        parseDatabaseUrl(ctx(), 'mysql://shop:secret@db/shop', '--database-url');
      } catch (error) {
        return error as CliError;
      }
    })();
    expect(refusal).toBeInstanceOf(CliError);
    expect(refusal?.exitCode).toBe(EXIT.usage);
    expect(refusal?.message).toBe('--database-url "mysql://shop:***@db/shop" is neither a postgres:// URL nor sqlite:<file>');
    expect(() => parseDatabaseUrl(ctx(), `${PG}?schema=Bad-Name`, '$DATABASE_URL')).toThrow(/\$DATABASE_URL .* is not a usable PostgreSQL URL: the schema "Bad-Name"/);
  });

  it('knows one database behind two spellings of its URL, and tells schemas apart', () => {
    const a = parseDatabaseUrl(ctx(), `${PG}?schema=shop&pool=4`, '--from');
    expect(sameDatabase(a, parseDatabaseUrl(ctx(), 'postgres://shop:other@db.internal:5432/shop?schema=shop', '--to'))).toBe(true);
    expect(sameDatabase(a, parseDatabaseUrl(ctx(), `${PG}?schema=copy`, '--to'))).toBe(false);
    expect(sameDatabase(parseDatabaseUrl(ctx(), 'sqlite:/tmp/a.sqlite', '--from'), parseDatabaseUrl(ctx(), 'sqlite:///tmp/a.sqlite', '--to'))).toBe(true);
  });

  it('reads a relative --data-dir, sqlite: file or --uploads-dir from the folder the command was run in, not the project', () => {
    const elsewhere = { ...ctx(), cwd: path.resolve('/home/ops') };
    expect(databaseOf(elsewhere, { dataDir: 'backup' })).toMatchObject({ file: path.resolve('/home/ops/backup/default.sqlite') });
    expect(parseDatabaseUrl(elsewhere, 'sqlite:shop.sqlite', '--from')).toMatchObject({ file: path.resolve('/home/ops/shop.sqlite') });
    expect(uploadsDirOf(elsewhere, { uploadsDir: 'pictures' })).toBe(path.resolve('/home/ops/pictures'));
  });

  it('keeps uploads where --uploads-dir, else $UPLOADS_DIR (or the older $STOREFRONT_UPLOADS_DIR) says, else leaves the kernel’s default', () => {
    expect(uploadsDirOf(ctx({ UPLOADS_DIR: '/mnt/shared' }), { uploadsDir: '/mnt/other' })).toBe(path.resolve('/mnt/other'));
    expect(uploadsDirOf(ctx({ UPLOADS_DIR: '/mnt/shared', STOREFRONT_UPLOADS_DIR: '/mnt/old' }), {})).toBe(path.resolve('/mnt/shared'));
    expect(uploadsDirOf(ctx({ STOREFRONT_UPLOADS_DIR: '/mnt/old' }), {})).toBe(path.resolve('/mnt/old'));
    expect(uploadsDirOf(ctx(), {})).toBeUndefined();
  });

  it('opens a SQLite URL for a site only as its <site>.sqlite, whose folder becomes the data folder; uploads stay put', () => {
    expect(appDataOf(ctx(), { databaseUrl: 'sqlite:/mnt/db/default.sqlite' })).toMatchObject({
      dataDir: path.resolve('/mnt/db'),
      databaseUrl: undefined,
      uploadsDir: path.join(root, 'data', 'uploads'),
    });
    expect(appDataOf(ctx({ DATABASE_URL: PG }), { dataDir: '/var/shop' })).toMatchObject({ dataDir: path.resolve('/var/shop'), databaseUrl: PG, uploadsDir: path.resolve('/var/shop/uploads') });
    expect(() => appDataOf(ctx(), { site: 'b', databaseUrl: 'sqlite:/mnt/db/default.sqlite' })).toThrow(
      'the SQLite database of site `b` is a file named b.sqlite, and /mnt/db/default.sqlite is not; name that file, or give its folder with --data-dir',
    );
  });

  it('turns an unreachable PostgreSQL into an environment error naming the database, and leaves other errors alone', () => {
    const target = parseDatabaseUrl(ctx(), PG, '--database-url');
    const wrapped = new Error('migration "x_001_init" of plugin `x` failed', { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    const problem = connectionProblem(wrapped, target);
    expect(problem?.exitCode).toBe(EXIT.environment);
    expect(problem?.message).toBe('cannot connect to the database postgres://shop:***@db.internal:5432/shop: connect ECONNREFUSED 10.0.0.1:5432');
    expect(connectionProblem(new Error('syntax error'), target)).toBeNull();
  });
});
