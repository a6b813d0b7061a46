import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { listTables } from './db-copy';
import { migrate } from './migrate';
import { kernelMigrations } from './migrations';
import type { Db, ServerPlugin } from './plugin';
import { testDatabase, testPostgresUrl, type TestDatabase } from './test-database';

const dirs: string[] = [];
const databases: TestDatabase[] = [];
afterEach(async () => {
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  for (const database of databases.splice(0)) await database.drop();
});
/** A fresh database (SQLite, or a PostgreSQL schema under STOREFRONT_TEST_DATABASE_URL); `reopen` opens it again. */
const tempDb = (): { db: Db; reopen: () => Db } => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-migrate-'));
  dirs.push(dir);
  const database = testDatabase(dir, 'site.sqlite');
  databases.push(database);
  return { db: database.open(), reopen: () => database.open() };
};
const KERNEL = kernelMigrations.map((m) => m.name);
/** SQLite's words and PostgreSQL's. */
const UNIQUE = /UNIQUE|unique constraint/;

const calls: string[] = [];
const plugin = (id: string, names: string[], requires: string[] = []): ServerPlugin => ({
  id,
  version: '2.0.0',
  requires,
  migrations: names.map((name) => ({
    name,
    up: async (db) => {
      calls.push(name);
      await db.schema.createTable(name).addColumn('n', 'integer').execute();
    },
  })),
});

describe('migrate', () => {
  it('applies the kernel first, then each plugin in the given order, recording plugin and version', async () => {
    const { db } = tempDb();
    calls.length = 0;
    const applied = await migrate(db, [plugin('a', ['a_001_init', 'a_002_more']), plugin('b', ['b_001_init'], ['a'])], () => 5_000);
    expect(applied.map((m) => m.name)).toEqual([...KERNEL, 'a_001_init', 'a_002_more', 'b_001_init']);
    const rows = await db.selectFrom('kernel_migration').selectAll().orderBy('name').execute();
    expect(rows).toContainEqual({ plugin: 'a', name: 'a_002_more', version: '2.0.0', applied_at: 5 });
    expect(rows.find((r) => r.name === 'kernel_001_init')?.plugin).toBe('kernel');
    await db.destroy();
  });

  it('never runs a recorded migration again, across restarts', async () => {
    const { db, reopen } = tempDb();
    calls.length = 0;
    await migrate(db, [plugin('a', ['a_001_init'])]);
    await db.destroy();
    const reopened = reopen();
    const applied = await migrate(reopened, [plugin('a', ['a_001_init', 'a_002_more'])]);
    expect(applied.map((m) => m.name)).toEqual(['a_002_more']);
    expect(calls).toEqual(['a_001_init', 'a_002_more']);
    const count = await reopened.selectFrom('kernel_migration').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(count.n).toBe(KERNEL.length + 2);
    await reopened.destroy();
  });

  it.skipIf(!testPostgresUrl())('lets several nodes start at once on one PostgreSQL: each migration runs once', async () => {
    const { db, reopen } = tempDb();
    const others = [reopen(), reopen()];
    calls.length = 0;
    const plugins = [plugin('a', ['a_001_init', 'a_002_more'])];
    const applied = await Promise.all([db, ...others].map((node) => migrate(node, plugins)));
    expect(applied.flat().map((m) => m.name).sort()).toEqual([...KERNEL, 'a_001_init', 'a_002_more'].sort());
    expect(calls).toEqual(['a_001_init', 'a_002_more']);
    for (const node of [db, ...others]) await node.destroy();
  });

  it('rolls a failing migration back entirely and names it', async () => {
    const { db } = tempDb();
    const broken: ServerPlugin = {
      id: 'c',
      version: '1.0.0',
      migrations: [
        {
          name: 'c_001_init',
          up: async (tx) => {
            await tx.schema.createTable('c_half').addColumn('n', 'integer').execute();
            await sql`this is not sql`.execute(tx);
          },
        },
      ],
    };
    await expect(migrate(db, [broken])).rejects.toThrow('migration "c_001_init" of plugin `c` failed');
    // Only this database's own tables: introspecting every schema races with other files dropping theirs.
    expect(await listTables(db)).not.toContain('c_half');
    expect(await db.selectFrom('kernel_migration').select('name').where('name', '=', 'c_001_init').execute()).toEqual([]);
    await db.destroy();
  });

  it('refuses names without the plugin prefix and duplicates, all at once', async () => {
    const { db } = tempDb();
    const error = await migrate(db, [plugin('a', ['init']), plugin('b', ['a_001_x']), plugin('a2', [])]).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain('migration "init" of plugin `a` must be named "a_<number>_<what>"');
    expect(String(error)).toContain('migration "a_001_x" of plugin `b` must be named "b_<number>_<what>"');
    await db.destroy();
  });

  it('creates the kernel tables with the unique keys the services rely on', async () => {
    const { db } = tempDb();
    await migrate(db, []);
    const user = { nickname: '', password_hash: 'h', avatar: '', gender: 0, money: 0, score: 0, motto: '', is_staff: 0, status: 1, jointime: 0, joinip: '', lastloginip: '' };
    await db.insertInto('kernel_user').values({ ...user, username: 'a', invite: 'AAAAAA', email: null, mobile: null }).execute();
    await db.insertInto('kernel_user').values({ ...user, username: 'b', invite: 'BBBBBB', email: null, mobile: null }).execute();
    await expect(db.insertInto('kernel_user').values({ ...user, username: 'a', invite: 'CCCCCC' }).execute()).rejects.toThrow(UNIQUE);
    await expect(db.insertInto('kernel_user').values({ ...user, username: 'c', invite: 'AAAAAA' }).execute()).rejects.toThrow(UNIQUE);
    await expect(db.updateTable('kernel_user').set({ money: -1 }).where('username', '=', 'a').execute()).rejects.toThrow(/CHECK|check constraint/);
    const row = { user_id: 1, account: 'money' as const, amount: 1, balance_after: 1, reason: 'r', ref: 'x', memo: '', created_at: 0 };
    await db.insertInto('kernel_ledger').values(row).execute();
    await expect(db.insertInto('kernel_ledger').values(row).execute()).rejects.toThrow(UNIQUE);
    await db.destroy();
  });
});
