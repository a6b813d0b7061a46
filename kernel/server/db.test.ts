import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, withStatementCache } from './db';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-db-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'site.sqlite');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('creates the file and its folder, in WAL mode with foreign keys on', async () => {
    const file = tempFile();
    const db = openDatabase(file);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
    expect(mode.rows[0].journal_mode).toBe('wal');
    expect(fk.rows[0].foreign_keys).toBe(1);
    expect(busy.rows[0].timeout).toBe(5000);
    expect(fs.existsSync(file)).toBe(true);
    await db.destroy();
  });

  it('rolls a failed transaction back', async () => {
    const db = openDatabase(tempFile());
    await db.schema.createTable('t').addColumn('n', 'integer').execute();
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`insert into t (n) values (1)`.execute(tx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await sql<{ c: number }>`select count(*) as c from t`.execute(db);
    expect(rows.rows[0].c).toBe(0);
    await db.destroy();
  });
});

describe('statement cache', () => {
  it('reuses prepared statements, evicts the least recently used, and still sees schema changes', async () => {
    const SQLite = (await import('better-sqlite3')).default;
    const raw = new SQLite(':memory:');
    const cached = withStatementCache(raw, null, 2);
    expect(cached.prepare('select 1')).toBe(cached.prepare('select 1'));
    const two = cached.prepare('select 2');
    cached.prepare('select 1');
    cached.prepare('select 3');
    expect(cached.prepare('select 2')).not.toBe(two);

    const db = openDatabase(tempFile());
    await db.schema.createTable('t').addColumn('a', 'integer').execute();
    await sql`insert into t (a) values (1)`.execute(db);
    const read = () => sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect((await read()).rows[0].n).toBe(1);
    await db.schema.alterTable('t').addColumn('b', 'text').execute();
    await sql`insert into t (a, b) values (2, 'x')`.execute(db);
    expect((await read()).rows[0].n).toBe(2);
    await db.destroy();
    cached.close();
  });
});
