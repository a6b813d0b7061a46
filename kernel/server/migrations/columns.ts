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

/**
 * Widens a text column to `varchar(length)`. SQLite does not enforce a varchar's length (nor can
 * it alter a column), so there it changes nothing; PostgreSQL alters the type in place.
 */
export async function widenText(db: Kysely<unknown>, table: string, column: string, length: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.schema.alterTable(table).alterColumn(column, (c) => c.setDataType(`varchar(${length})`)).execute();
}
