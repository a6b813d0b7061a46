/**
 * Column helpers that keep migrations dialect-neutral: the same migration runs on SQLite (the
 * default) and PostgreSQL (Kysely's pg dialect) for sites that outgrow one machine.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { isSqlite } from '../dialect';

/** Adds an auto-incrementing integer primary key `id`. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isSqlite(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'serial', (c) => c.primaryKey());
}
