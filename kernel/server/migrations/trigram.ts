/**
 * Trigram indexes (PostgreSQL's pg_trgm) on lower-cased text columns, so that a search's
 * `lower(column) like '%word%'` (../like.ts) reads an index instead of every row. SQLite has no
 * such index and makes none: it scans, which reads in its own process afford.
 */
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../dialect';

export async function createTrigramIndexes(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  if (isSqlite(db)) return;
  const schema = await trigramSchema(db);
  for (const column of columns) {
    await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (lower(${sql.ref(column)}) ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
  }
}

/**
 * Where pg_trgm lives, installed now if need be. In `public`, not the shop's schema (a site may
 * keep its tables in one, as the tests do): an extension belongs to the whole database, and one
 * created in a schema would go, with every other schema's trigram indexes, when that schema is dropped.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  const schema = await installed();
  if (schema) return schema;
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
  } catch (error) {
    throw new Error(
      `the goods search needs PostgreSQL's pg_trgm extension, which this database user cannot create (${(error as Error).message}): ` +
        'have the database owner or a superuser run `CREATE EXTENSION pg_trgm SCHEMA public;` in this database, then start again',
    );
  }
  return 'public';
}
