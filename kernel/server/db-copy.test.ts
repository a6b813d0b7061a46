import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db';
import { compareCounts, copyDatabase, CopyFailed, CopyRefused, foreignKeyOrder, listTables } from './db-copy';
import { migrate } from './migrate';
import { withId } from './migrations/columns';
import type { Db, ServerPlugin } from './plugin';
import { testDatabase, testPostgresUrl, type TestDatabase } from './test-database';

/** A plugin whose table refers to itself and to users, and whose migration writes two rows of its own. */
const shelf: ServerPlugin = {
  id: 'shelf',
  version: '1.0.0',
  requires: [],
  migrations: [
    {
      name: 'shelf_001_init',
      up: async (db) => {
        await withId(db, db.schema.createTable('shelf_box'))
          .addColumn('label', 'varchar(16)', (c) => c.notNull())
          .addColumn('parent_id', 'integer', (c) => c.references('shelf_box.id'))
          .addColumn('owner_id', 'integer', (c) => c.references('kernel_user.id'))
          .execute();
        await (db as Kysely<{ shelf_box: { label: string } }>).insertInto('shelf_box').values([{ label: 'inbox' }, { label: 'archive' }]).execute();
      },
    },
  ],
};
const plugins = [shelf];
type ShelfDb = Kysely<{ shelf_box: { id?: number; label: string; parent_id: number | null; owner_id: number | null } }>;
const boxes = (db: Db) => db as unknown as ShelfDb;
/** Rows with only the columns a test cares about (the rest have defaults). */
const rows = (db: Db) => db as unknown as Kysely<Record<string, { id?: number } & Record<string, unknown>>>;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-db-copy-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A SQLite file whatever STOREFRONT_TEST_DATABASE_URL says. */
function sqliteDb(name = 'shop.sqlite'): Db {
  const db = openDatabase(path.join(tempDir(), name));
  cleanups.push(() => db.destroy());
  return db;
}

/** A fresh PostgreSQL schema (only where STOREFRONT_TEST_DATABASE_URL is set). */
function postgresDb(): Db {
  const database: TestDatabase = testDatabase(tempDir());
  const db = database.open();
  cleanups.push(() => database.drop());
  cleanups.push(() => db.destroy());
  return db;
}

const addUser = (db: Db, id: number, parentId: number | null, username = `user${id}`) =>
  rows(db).insertInto('kernel_user').values({ id, username, password_hash: 'x', invite: `inv${id}`, parent_id: parentId, jointime: 1_700_000_000 }).execute();

/** A migrated shop with an inviter whose id comes after the invited user's, edited and added shelf boxes, a ledger line. */
async function sourceShop(db: Db, options: { longName?: boolean } = {}): Promise<Db> {
  await migrate(db, plugins);
  await addUser(db, 3, null);
  await addUser(db, 1, 3, options.longName ? 'u'.repeat(100) : 'user1');
  await addUser(db, 2, 1);
  await rows(db).insertInto('kernel_ledger').values({ user_id: 2, account: 'money', amount: 500, balance_after: 500, reason: 'test', ref: 'r1', created_at: 1 }).execute();
  await boxes(db).updateTable('shelf_box').set({ label: 'mail', owner_id: 3 }).where('id', '=', 1).execute();
  await boxes(db).insertInto('shelf_box').values({ id: 3, label: 'letters', parent_id: 1, owner_id: 2 }).execute();
  await db.insertInto('kernel_seed').values({ plugin: 'shelf', notes: '[]', seeded_at: 1 }).execute();
  return db;
}

const usersOf = (db: Db) => db.selectFrom('kernel_user').select(['id', 'username', 'parent_id']).orderBy('id').execute();
const boxesOf = (db: Db) => boxes(db).selectFrom('shelf_box').select(['id', 'label', 'parent_id', 'owner_id']).orderBy('id').execute();
const mismatches = async (source: Db, target: Db) => (await compareCounts(source, target)).filter((c) => c.source !== c.target);

describe('the foreign-key order of tables', () => {
  it('puts referenced tables first, ignores a table referring to itself, and refuses a cycle naming its tables', () => {
    expect(foreignKeyOrder(['b', 'a', 'c'], [{ table: 'b', references: 'a' }, { table: 'c', references: 'c' }])).toEqual(['a', 'c', 'b']);
    const cycle = () => foreignKeyOrder(['x', 'y', 'z'], [{ table: 'x', references: 'y' }, { table: 'y', references: 'x' }]);
    expect(cycle).toThrow(CopyRefused);
    expect(cycle).toThrow(expect.objectContaining({ details: ['x', 'y'] }));
  });
});

describe('copying a shop between SQLite databases', () => {
  it('copies every table, a forward reference within a table included, in small batches; counts match', async () => {
    const source = await sourceShop(sqliteDb());
    const target = sqliteDb('copy.sqlite');
    await migrate(target, plugins);

    const copied = await copyDatabase(source, target, { plugins, batchSize: 2 });
    expect(copied.map((t) => t.table).indexOf('kernel_user')).toBeLessThan(copied.map((t) => t.table).indexOf('kernel_ledger'));
    expect(copied.find((t) => t.table === 'kernel_user')?.rows).toBe(3);
    expect(await mismatches(source, target)).toEqual([]);
    expect(await usersOf(target)).toEqual(await usersOf(source));
    expect(await boxesOf(target)).toEqual(await boxesOf(source));
    // The target's own migrator recorded its migrations; none was copied over them.
    const names = (await target.selectFrom('kernel_migration').select('name').execute()).map((r) => r.name);
    expect(names.filter((n) => n === 'shelf_001_init')).toHaveLength(1);
  });

  it('replaces the rows its migrations wrote with the source’s, and refuses a target holding anything else, naming each table', async () => {
    const source = await sourceShop(sqliteDb());
    const target = sqliteDb('copy.sqlite');
    await migrate(target, plugins);
    await addUser(target, 9, null);
    const refused = await copyDatabase(source, target, { plugins }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CopyRefused);
    expect(refused).toMatchObject({ message: expect.stringContaining('already holds data'), details: ['kernel_user: 1 row'] });
    expect(await boxesOf(target)).toHaveLength(2);
  });

  it('refuses a target without the tables of the source', async () => {
    const source = await sourceShop(sqliteDb());
    const target = sqliteDb('copy.sqlite');
    await migrate(target, []);
    await expect(copyDatabase(source, target, { plugins })).rejects.toMatchObject({
      name: 'CopyRefused',
      details: ['table shelf_box is not in the target (is the plugin that made it installed here?)'],
    });
  });
});

describe('copying a shop to PostgreSQL and back', () => {
  it.skipIf(!testPostgresUrl())('fills a fresh schema and moves every id sequence past the copied rows', async () => {
    const source = await sourceShop(sqliteDb());
    const target = postgresDb();
    await migrate(target, plugins);
    await copyDatabase(source, target, { plugins, batchSize: 2 });
    expect(await mismatches(source, target)).toEqual([]);
    expect(await usersOf(target)).toEqual(await usersOf(source));
    expect(await boxesOf(target)).toEqual(await boxesOf(source));

    const user = await rows(target).insertInto('kernel_user').values({ username: 'newcomer', password_hash: 'x', invite: 'new', jointime: 1 }).returning('id').executeTakeFirstOrThrow();
    expect(user.id).toBe(4);
    const box = await boxes(target).insertInto('shelf_box').values({ label: 'new', parent_id: null, owner_id: null }).returning('id').executeTakeFirstOrThrow();
    expect(box.id).toBe(4);
    // A table copied empty starts at 1.
    const message = await rows(target).insertInto('kernel_outbox').values({ channel: 'sms', target: '1', subject: '', body: 'hi', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
    expect(message.id).toBe(1);

    const back = sqliteDb('back.sqlite');
    await migrate(back, plugins);
    await copyDatabase(target, back, { plugins });
    expect(await mismatches(target, back)).toEqual([]);
    expect(await listTables(back)).toEqual(await listTables(target));
  });

  it.skipIf(!testPostgresUrl())('rolls the whole copy back when PostgreSQL refuses a row, naming the table', async () => {
    const source = await sourceShop(sqliteDb(), { longName: true });
    const target = postgresDb();
    await migrate(target, plugins);
    const failed = await copyDatabase(source, target, { plugins }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(CopyFailed);
    expect(failed).toMatchObject({ table: 'kernel_user', message: expect.stringContaining('copying table kernel_user failed') });
    const counts = await compareCounts(source, target);
    expect(counts.filter((c) => (c.target ?? 0) > 0)).toEqual([{ table: 'shelf_box', source: 3, target: 2 }]);
  });
});
