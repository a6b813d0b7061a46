/**
 * Opens the site database: SQLite through Kysely. better-sqlite3 has one connection; Kysely's
 * SqliteDriver serialises every query and transaction over it with a mutex, so a transaction
 * is never interleaved with another request's writes. Inside `db.transaction()` use the `tx`
 * you are given — calling the outer `db` there waits for the very lock the transaction holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from './plugin';

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL makes NORMAL durable across application crashes; only a power cut can lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
}
