/**
 * Opens the site database: a `postgres://` URL opens PostgreSQL (./db-postgres.ts); anything else
 * is a SQLite file, the embedded default, through Kysely. better-sqlite3 has one connection; Kysely's
 * SqliteDriver serialises every query and transaction over it with a mutex, so a transaction
 * is never interleaved with another request's writes. Inside `db.transaction()` use the `tx`
 * you are given — calling the outer `db` there waits for the very lock the transaction holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { isPostgresUrl, openPostgres } from './db-postgres';
import { checkpointInBackground, type Checkpointer } from './sqlite-checkpoints';
import type { Db } from './plugin';

export interface OpenOptions {
  /** A server's database: SQLite's checkpoints run on a worker thread (./sqlite-checkpoints.ts). */
  backgroundCheckpoints?: boolean;
}

export function openDatabase(target: string, options: OpenOptions = {}): Db {
  if (isPostgresUrl(target)) return openPostgres(target);
  const file = target;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL makes NORMAL durable across application crashes; only a power cut can lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  const checkpointer = options.backgroundCheckpoints && file !== ':memory:' ? checkpointInBackground(sqlite, file) : null;
  const db: Db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, checkpointer) }) });
  if (checkpointer) checkpointers.set(db, checkpointer);
  return db;
}

/** The worker checkpointing a server's SQLite database (tests wait on its rounds). */
export const checkpointers = new WeakMap<object, Checkpointer>();

/**
 * Kysely prepares every query afresh; the query builder produces a small set of SQL texts, so
 * keeping their prepared statements (least recently used first out) saves a third of a simple
 * read's time. Safe because the driver runs one statement at a time and never streams.
 */
export function withStatementCache(sqlite: SQLite.Database, checkpointer: Checkpointer | null = null, size = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      checkpointer?.stop();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}
