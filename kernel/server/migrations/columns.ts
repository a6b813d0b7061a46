/**
 * Column helpers that keep migrations dialect-neutral: the same migration runs on SQLite (the
 * default) and PostgreSQL (Kysely's pg dialect) for sites that outgrow one machine.
 */
import { SqliteAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Adds an auto-incrementing integer primary key `id`. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isSqlite(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}
