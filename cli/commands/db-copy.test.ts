import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@kernel/server/db';
import { testDatabase, testPostgresUrl } from '@kernel/server/test-database';
import { runInProcess } from '../../tests/cli/in-process';
import { REPO_ROOT, runCommand } from '../../tests/cli/run';

interface CopyReport {
  ok: boolean;
  rows: number;
  migrations: number;
  tables: { table: string; source: number | null; target: number | null; same: boolean }[];
}

const LONG = { timeout: 120_000 };
let dir: string;
let dataDir: string;
let uploadsDir: string;
let shop: string;
/** `storefront …args` in this checkout; a DATABASE_URL of the machine running the tests does not leak in. */
const storefront = (...args: string[]) => runInProcess(args, { root: REPO_ROOT, env: { DATABASE_URL: undefined } });
/** The same as a real process, for the seed and one copy: `seed` and `db copy` through bin.js. */
const storefrontProcess = (...args: string[]) => runCommand(process.execPath, [path.join(REPO_ROOT, 'cli', 'bin.js'), ...args], { cwd: REPO_ROOT, env: { DATABASE_URL: undefined } });
const copy = (from: string, to: string, ...more: string[]) => storefront('db', 'copy', '--from', from, '--to', to, ...more);
const usersIn = async (file: string) => {
  const db = openDatabase(file);
  try {
    return await db.selectFrom('kernel_user').select('id').orderBy('id').execute();
  } finally {
    await db.destroy();
  }
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-db-copy-cli-'));
  dataDir = path.join(dir, 'data');
  uploadsDir = path.join(dir, 'shared-uploads');
  shop = path.join(dataDir, 'default.sqlite');
  const seeded = await storefrontProcess('seed', '--data-dir', dataDir, '--uploads-dir', uploadsDir);
  expect(seeded.stderr).toBe('');
  expect(seeded.code).toBe(0);
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('storefront db copy between SQLite files', () => {
  it('seeds the demo shop with its pictures in the folder --uploads-dir names', () => {
    expect(fs.readdirSync(path.join(uploadsDir, 'seed')).length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('copies a seeded shop into an empty file: every count matches, and the copy takes new rows', LONG, async () => {
    const target = path.join(dir, 'copy', 'default.sqlite');
    const result = await storefrontProcess('db', 'copy', '--from', `sqlite:${shop}`, '--to', `sqlite:${target}`, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as CopyReport;
    expect(report.ok).toBe(true);
    expect(report.tables.every((t) => t.same)).toBe(true);
    expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(['kernel_user', 'kernel_ledger', 'goods_sku', 'lottery_prize']));
    expect(report.tables.find((t) => t.table === 'goods_sku')?.source).toBeGreaterThan(0);

    const added = await storefront('user', 'add', 'bob', '--password', 'abc12345', '--database-url', `sqlite:${target}`, '--json');
    expect(added.code).toBe(0);
    const users = await usersIn(shop);
    expect((JSON.parse(added.stdout) as { id: number }).id).toBe(users[users.length - 1].id + 1);
  });

  it('refuses a target that already holds data, naming each table and saying where to copy instead', LONG, async () => {
    const target = path.join(dir, 'copy', 'default.sqlite');
    const again = await copy(`sqlite:${shop}`, `sqlite:${target}`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the target database already holds data; db copy only fills an empty database');
    expect(again.stderr).toMatch(/- kernel_user: \d+ rows/);
    expect(again.stderr).toContain('a fresh schema (…?schema=shop in the URL)');
  });

  it('refuses a source behind the installed plugins, a source that is not there, the same database twice, and no target', LONG, async () => {
    const behind = path.join(dir, 'behind.sqlite');
    const db = openDatabase(shop);
    await sql`vacuum into ${behind}`.execute(db);
    await db.destroy();
    const old = openDatabase(behind);
    await old.deleteFrom('kernel_migration').where('name', '=', 'home_001_init').execute();
    await old.destroy();

    const lagging = await copy(`sqlite:${behind}`, `sqlite:${path.join(dir, 'unused.sqlite')}`);
    expect(lagging.code).toBe(1);
    expect(lagging.stderr).toContain(`lacks migrations of the installed plugins; bring it up to date first: storefront db migrate --database-url sqlite:${behind}`);
    expect(lagging.stderr).toContain('- home_001_init');

    const missing = await copy(`sqlite:${path.join(dir, 'nope.sqlite')}`, `sqlite:${path.join(dir, 'unused.sqlite')}`);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('there is no database at')]);
    expect(fs.existsSync(path.join(dir, 'nope.sqlite'))).toBe(false);
    const same = await copy(`sqlite:${shop}`, `sqlite:${shop}`);
    expect([same.code, same.stderr]).toEqual([2, expect.stringContaining('--from and --to are the same database')]);
    const nowhere = await storefront('db', 'copy', '--from', `sqlite:${shop}`);
    expect([nowhere.code, nowhere.stderr]).toEqual([2, expect.stringContaining('--to is missing')]);
  });
});

describe('storefront db copy from SQLite to PostgreSQL', () => {
  it.skipIf(!testPostgresUrl())('fills a fresh schema: counts match, a new user gets the next id, and doctor finds the shop healthy', LONG, async () => {
    const database = testDatabase(dir);
    const url = new URL(database.url as string);
    // Trust authentication ignores a password; one is set so that its hiding shows.
    if (!url.password) url.password = 'not-shown';
    const password = url.password;
    try {
      const copied = await copy(`sqlite:${shop}`, url.toString());
      expect(copied.stderr).toBe('');
      expect(copied.code).toBe(0);
      expect(copied.stdout).toMatch(/^TABLE +SOURCE +TARGET/m);
      expect(copied.stdout).toMatch(/^goods_sku +(\d+) +\1 +✔$/m);
      expect(copied.stdout).toMatch(/✔ copied \d+ rows in \d+ tables from .* to postgres:\/\/[^ ]*:\*\*\*@.*; every count matches, and both list the same \d+ migrations/);
      expect(copied.stdout).not.toContain(password);

      const added = await storefront('user', 'add', 'carol', '--password', 'abc12345', '--database-url', url.toString(), '--json');
      expect(added.code).toBe(0);
      const users = await usersIn(shop);
      expect((JSON.parse(added.stdout) as { id: number }).id).toBe(users[users.length - 1].id + 1);

      const doctor = await storefront('doctor', '--database-url', url.toString(), '--port', '0', '--json');
      const report = JSON.parse(doctor.stdout) as { ok: boolean; checks: { id: string; title: string; problems: string[] }[] };
      expect(report.checks.filter((c) => c.problems.length > 0)).toEqual([]);
      expect([doctor.code, report.ok]).toEqual([0, true]);
      const migrations = report.checks.find((c) => c.id === 'migrations')?.title ?? '';
      expect(migrations).toMatch(/^migrations \(postgres:\/\/[^ ]*:\*\*\*@/);
      expect(migrations).not.toContain(password);
    } finally {
      await database.drop();
    }
  });
});
