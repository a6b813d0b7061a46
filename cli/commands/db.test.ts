import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testPostgresUrl } from '@kernel/server/test-database';
import { runInProcess } from '../../tests/cli/in-process';
import { REPO_ROOT, runCommand } from '../../tests/cli/run';

interface Status {
  database: string;
  exists: boolean;
  ok: boolean;
  applied: number;
  pending: number;
  plugins: { plugin: string; applied: string[]; pending: string[] }[];
}

const LONG = { timeout: 120_000 };
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-db-cli-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `storefront …args` in this checkout; a DATABASE_URL of the machine running the tests does not leak in. */
const storefront = (...args: string[]) => runInProcess(args, { root: REPO_ROOT, env: { DATABASE_URL: undefined } });
/**
 * The same as a real process, for the refusals: `db status` and `db migrate` through bin.js. (An
 * unreachable PostgreSQL also leaves a promise pending inside pg, which stays out of this process.)
 */
const storefrontProcess = (...args: string[]) => runCommand(process.execPath, [path.join(REPO_ROOT, 'cli', 'bin.js'), ...args], { cwd: REPO_ROOT, env: { DATABASE_URL: undefined } });
const statusOf = (stdout: string) => JSON.parse(stdout) as Status;

/** Status of a database no migration has touched, migrate, migrate again, status: the same story on either database. */
async function migrateFromNothing(where: string[], afterStatus: () => void = () => {}) {
  const before = await storefront('db', 'status', ...where, '--json');
  expect(before.code).toBe(1);
  afterStatus();
  expect(before.stderr).toMatch(/migrations are pending in .*: run `storefront db migrate` with the same options/);
  const pending = statusOf(before.stdout);
  expect([pending.ok, pending.applied]).toEqual([false, 0]);
  expect(pending.plugins[0]).toMatchObject({ plugin: 'kernel', applied: [], pending: expect.arrayContaining(['kernel_001_init']) });
  expect(pending.plugins.map((p) => p.plugin)).toEqual(expect.arrayContaining(['goods', 'order', 'lottery']));

  const migrated = await storefront('db', 'migrate', ...where, '--json');
  expect(migrated.code).toBe(0);
  const applied = (JSON.parse(migrated.stdout) as { applied: { name: string }[] }).applied.map((m) => m.name);
  expect(applied).toEqual(pending.plugins.flatMap((p) => p.pending));

  const again = await storefront('db', 'migrate', ...where);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('is up to date: nothing to apply');

  const after = await storefront('db', 'status', ...where);
  expect(after.code).toBe(0);
  expect(after.stdout).toMatch(/PLUGIN +APPLIED +PENDING/);
  expect(after.stdout).toContain(`is up to date: ${applied.length} migrations applied`);
  return { pending };
}

describe('storefront db status and db migrate on SQLite', () => {
  it('lists every migration as pending on a database not made yet (without making it), applies them once, then is up to date', LONG, async () => {
    const dataDir = path.join(dir, 'data');
    const file = path.join(dataDir, 'default.sqlite');
    const { pending } = await migrateFromNothing(['--data-dir', dataDir], () => expect(fs.existsSync(file)).toBe(false));
    expect(pending).toMatchObject({ database: file, exists: false });
    expect(fs.existsSync(file)).toBe(true);
  });

  it('takes sqlite:<file> as a database URL too', LONG, async () => {
    const file = path.join(dir, 'elsewhere', 'shop.sqlite');
    const result = await storefront('db', 'migrate', '--database-url', `sqlite:${file}`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✔ applied \d+ migrations to .*shop\.sqlite/);
    expect(result.stdout).toMatch(/kernel +kernel_001_init/);
  });

  it('refuses a URL of another database (exit 2), and names an unreachable PostgreSQL without its password (exit 3)', LONG, async () => {
    const unknown = await storefrontProcess('db', 'status', '--database-url', 'mysql://shop:secret@db/shop');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--database-url "mysql://shop:***@db/shop" is neither a postgres:// URL nor sqlite:<file>');
    const down = await storefrontProcess('db', 'migrate', '--database-url', 'postgres://shop:secret@127.0.0.1:1/shop');
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('cannot connect to the database postgres://shop:***@127.0.0.1:1/shop: connect ECONNREFUSED');
    expect(down.stderr).toContain('is PostgreSQL running there? Check --database-url or $DATABASE_URL');
    expect(down.stderr).not.toContain('secret');
  });
});

describe('storefront db status and db migrate on PostgreSQL', () => {
  it.skipIf(!testPostgresUrl())('lists the pending migrations of a fresh schema, applies them, and is then up to date', LONG, async () => {
    const database = testDatabase(dir);
    try {
      const { pending } = await migrateFromNothing(['--database-url', database.url as string]);
      expect(pending.database).toMatch(/^postgres:\/\/.*schema=t_/);
    } finally {
      await database.drop();
    }
  });
});
