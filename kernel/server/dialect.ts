/**
 * What differs between SQLite and PostgreSQL, answered once for the kernel. Plugins never ask:
 * they get the same behaviour on both.
 */
import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { postgresTargets, type PostgresTarget } from './db-postgres';

export const isSqlite = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The PostgreSQL target a database was opened on, or null on SQLite. */
export const postgresOf = <DB>(db: Kysely<DB>): PostgresTarget | null => postgresTargets.get(db) ?? null;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock named `name`, on one connection, so that
 * several nodes starting at once (migrations, seeding) take turns. SQLite has one process and
 * one connection: `fn` just runs.
 */
export async function withExclusiveLock<DB, T>(db: Kysely<DB>, name: string, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  return holding(db, name, 'wait', fn) as Promise<T>;
}

/**
 * Runs `fn` unless another holder of the lock `name` is running it right now (another node's
 * job runner): then resolves `skipped` at once. SQLite has one process: `fn` just runs.
 */
export async function unlessRunningElsewhere<DB, T>(db: Kysely<DB>, name: string, fn: () => Promise<T>): Promise<T | typeof skipped> {
  return holding(db, name, 'try', fn);
}

/** `fn` on the connection holding the advisory lock `name`, released after; `try` gives up at once when it is taken. */
async function holding<DB, T>(db: Kysely<DB>, name: string, how: 'wait' | 'try', fn: (db: Kysely<DB>) => Promise<T>): Promise<T | typeof skipped> {
  if (!postgresOf(db)) return fn(db);
  return db.connection().execute(async (conn) => {
    if (how === 'wait') await sql`select pg_advisory_lock(hashtext(${name}))`.execute(conn);
    else if (!(await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(conn)).rows[0]?.locked) return skipped;
    try {
      return await fn(conn);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    }
  });
}

export const skipped = Symbol('skipped: running elsewhere');

/**
 * The name of a lock one shop's nodes take turns on (`unlessRunningElsewhere`): per schema and
 * site, so that shops (or test schemas) sharing a PostgreSQL database never skip each other's turn.
 */
export const shopLockName = <DB>(db: Kysely<DB>, site: string, what: string): string => `storefront:${what}:${postgresOf(db)?.schema ?? 'public'}:${site}`;
