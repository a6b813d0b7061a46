/**
 * Copies a shop's rows from one database to another: SQLite to PostgreSQL when a shop outgrows
 * one machine, or back. Both sides must already hold the same migrations; `kernel_migration` is
 * never copied (the target's own migrator wrote its rows). The target must hold nothing but what
 * its migrations wrote. Tables go in foreign-key order, in batches, in one transaction on the
 * target, so a failure leaves it as it was; PostgreSQL sequences then move past the copied ids so
 * the next insert gets a fresh one.
 *
 *   const copied = await copyDatabase(sqlite, postgres, { plugins });   // [{ table, rows }] in copy order
 *   const counts = await compareCounts(sqlite, postgres);  // [{ table, source, target }]
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase } from './db';
import { isRetryable } from './db-postgres';
import { isSqlite } from './dialect';
import { migrate } from './migrate';
import type { Db, ServerPlugin } from './plugin';

/** The copy cannot start; `details` list every reason (each table that holds rows, each missing table). */
export class CopyRefused extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CopyRefused';
  }
}

/** A table could not be copied (a value the target refuses, say); the whole copy was rolled back. */
export class CopyFailed extends Error {
  constructor(
    readonly table: string,
    cause: unknown,
  ) {
    super(`copying table ${table} failed: ${(cause as Error).message ?? String(cause)}`, { cause });
    this.name = 'CopyFailed';
  }
}

export interface CopiedTable {
  table: string;
  rows: number;
}

export interface TableCount {
  table: string;
  /** null when the table does not exist on that side. */
  source: number | null;
  target: number | null;
}

interface Column {
  name: string;
  nullable: boolean;
  primaryKey: boolean;
}

interface ForeignKey {
  table: string;
  column: string;
  references: string;
  /** null: the referenced table's primary key. */
  referencedColumn: string | null;
}

type Row = Record<string, unknown>;
/** Tables are only known at run time here: every table is a bag of columns. */
type Loose = Kysely<Record<string, Row>>;
const loose = (db: Db) => db as unknown as Loose;

/** The migrator's own table: each side records what it applied itself. */
const NOT_COPIED = 'kernel_migration';
/** Bound parameters per insert stay far below SQLite's 32766 and PostgreSQL's 65535. */
const PARAMETERS_PER_INSERT = 20_000;

export interface CopyOptions {
  /** The plugins both sides are migrated with: what their migrations write themselves may be in the target already. */
  plugins: readonly ServerPlugin[];
  /** Rows per insert, at most (fewer for wide tables). */
  batchSize?: number;
}

export async function copyDatabase(sourceDb: Db, targetDb: Db, options: CopyOptions): Promise<CopiedTable[]> {
  const [source, target] = [loose(sourceDb), loose(targetDb)];
  const tables = (await tablesOf(source)).filter((t) => t !== NOT_COPIED);
  const columns = await checkTargetHas(source, target, tables);
  const present = await countsOf(target, (await tablesOf(target)).filter((t) => t !== NOT_COPIED));
  const fresh = await rowsWrittenByMigrations(options.plugins);
  const filled = [...present].filter(([table, rows]) => rows > 0 && rows !== fresh.get(table));
  if (filled.length > 0) {
    throw new CopyRefused(
      'the target database already holds data; db copy only fills an empty database',
      filled.map(([table, rows]) => `${table}: ${rows} row${rows === 1 ? '' : 's'}`),
    );
  }
  const keys = (await foreignKeys(target)).filter((k) => tables.includes(k.table) && tables.includes(k.references));
  const order = foreignKeyOrder(tables, keys);

  // One snapshot of the source (a shop still running keeps writing) and one transaction on the target.
  return source.transaction().execute((from) =>
    target.transaction().execute(async (to) => {
      // What the target's migrations wrote (a lottery's prize slots) gives way to the source's rows.
      for (const table of [...order].reverse()) if ((present.get(table) ?? 0) > 0) await to.deleteFrom(table).execute();
      const copied: CopiedTable[] = [];
      for (const table of order) {
        const selfKeys = keys.filter((k) => k.table === table && k.references === table);
        const rows = await copyTable(from, to, table, columns.get(table) ?? [], selfKeys, options.batchSize ?? 500).catch((error: unknown) => {
          throw isRetryable(error) ? error : new CopyFailed(table, error);
        });
        copied.push({ table, rows });
      }
      if (!isSqlite(to)) await resetSequences(to, order);
      return copied;
    }),
  );
}

/** Rows the migrations write themselves, per table: counted on a scratch database migrated in memory. */
export async function rowsWrittenByMigrations(plugins: readonly ServerPlugin[]): Promise<Map<string, number>> {
  const scratch = openDatabase(':memory:');
  try {
    await migrate(scratch, plugins);
    const counts = await countsOf(loose(scratch), (await listTables(scratch)).filter((t) => t !== NOT_COPIED));
    return new Map([...counts].filter(([, rows]) => rows > 0));
  } finally {
    await scratch.destroy();
  }
}

/** Row counts of every table on either side (but `kernel_migration`), by name. */
export async function compareCounts(source: Db, target: Db): Promise<TableCount[]> {
  const [fromTables, toTables] = await Promise.all([listTables(source), listTables(target)]);
  const tables = [...new Set([...fromTables, ...toTables])].filter((t) => t !== NOT_COPIED).sort();
  const [from, to] = await Promise.all([countsOf(loose(source), fromTables), countsOf(loose(target), toTables)]);
  return tables.map((table) => ({ table, source: from.get(table) ?? null, target: to.get(table) ?? null }));
}

/** The shop's tables: SQLite's own bookkeeping left out; on PostgreSQL, those of the URL's schema. */
export const listTables = (db: Db): Promise<string[]> => tablesOf(loose(db));

async function tablesOf(db: Loose): Promise<string[]> {
  const query = isSqlite(db)
    ? sql<{ name: string }>`select name from sqlite_master where type = 'table' and substr(name, 1, 7) <> 'sqlite_' order by name`
    : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema() order by tablename`;
  return (await query.execute(db)).rows.map((r) => r.name);
}

async function countsOf(db: Loose, tables: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts.set(table, Number(row.n));
  }
  return counts;
}

/** The columns of each source table to copy; refused when the target lacks a table or a column of them. */
async function checkTargetHas(source: Loose, target: Loose, tables: readonly string[]): Promise<Map<string, Column[]>> {
  const targetTables = new Set(await tablesOf(target));
  const problems: string[] = [];
  const columns = new Map<string, Column[]>();
  for (const table of tables) {
    if (!targetTables.has(table)) {
      problems.push(`table ${table} is not in the target (is the plugin that made it installed here?)`);
      continue;
    }
    const [from, to] = await Promise.all([columnsOf(source, table), columnsOf(target, table)]);
    const missing = from.filter((c) => !to.some((t) => t.name === c.name)).map((c) => c.name);
    if (missing.length > 0) problems.push(`table ${table}: the target has no column ${missing.join(', ')}`);
    columns.set(table, from);
  }
  if (problems.length > 0) throw new CopyRefused('the target database does not have the shape of the source', problems);
  return columns;
}

async function columnsOf(db: Loose, table: string): Promise<Column[]> {
  if (isSqlite(db)) {
    const { rows } = await sql<{ name: string; notnull: number; pk: number }>`select name, "notnull", pk from pragma_table_info(${table})`.execute(db);
    return rows.map((r) => ({ name: r.name, nullable: r.notnull === 0 && r.pk === 0, primaryKey: r.pk > 0 }));
  }
  const { rows } = await sql<{ name: string; nullable: boolean; primary_key: boolean }>`
    select a.attname as name, not a.attnotnull as nullable, coalesce(a.attnum = any(i.indkey), false) as primary_key
    from pg_attribute a left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
    where a.attrelid = to_regclass(quote_ident(${table})) and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return rows.map((r) => ({ name: r.name, nullable: r.nullable, primaryKey: r.primary_key }));
}

async function foreignKeys(db: Loose): Promise<ForeignKey[]> {
  if (isSqlite(db)) {
    const keys: ForeignKey[] = [];
    for (const table of await tablesOf(db)) {
      const { rows } = await sql<{ table: string; from: string; to: string | null }>`select "table", "from", "to" from pragma_foreign_key_list(${table})`.execute(db);
      keys.push(...rows.map((r) => ({ table, column: r.from, references: r.table, referencedColumn: r.to })));
    }
    return keys;
  }
  const { rows } = await sql<ForeignKey>`
    select t.relname as "table", a.attname as "column", r.relname as "references", ra.attname as "referencedColumn"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join lateral unnest(c.conkey, c.confkey) as k(attnum, refnum) on true
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refnum
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  return rows;
}

/** Referenced tables before the tables that reference them (a table's references to itself aside). */
export function foreignKeyOrder(tables: readonly string[], keys: readonly Pick<ForeignKey, 'table' | 'references'>[]): string[] {
  const needs = new Map(tables.map((t) => [t, new Set(keys.filter((k) => k.table === t && k.references !== t).map((k) => k.references))]));
  const order: string[] = [];
  while (needs.size > 0) {
    const ready = [...needs].filter(([, wanted]) => [...wanted].every((w) => !needs.has(w))).map(([t]) => t).sort();
    if (ready.length === 0) {
      throw new CopyRefused('these tables reference each other, so no order copies them safely', [...needs.keys()].sort());
    }
    for (const table of ready) {
      order.push(table);
      needs.delete(table);
    }
  }
  return order;
}

/**
 * Copies one table in primary-key order, batch by batch. A row that points at a row of the same
 * table not copied yet (an inviter with a later id) is written without that reference, which is
 * filled in once the whole table is there.
 */
async function copyTable(from: Loose, to: Loose, table: string, columns: Column[], selfKeys: ForeignKey[], batchSize: number): Promise<number> {
  const names = columns.map((c) => c.name);
  const keyColumns = columns.filter((c) => c.primaryKey).map((c) => c.name);
  const orderBy = keyColumns.length > 0 ? keyColumns : names;
  const size = Math.max(1, Math.min(batchSize, Math.floor(PARAMETERS_PER_INSERT / names.length)));
  const deferrable = selfKeys.filter((k) => columns.find((c) => c.name === k.column)?.nullable);
  const copiedKeys = new Map(deferrable.map((k) => [k, new Set<unknown>()]));
  const patches: { where: Row; column: string; value: unknown }[] = [];
  let rows = 0;
  let last: unknown = undefined;
  for (;;) {
    let query = from.selectFrom(table).select(names).limit(size);
    for (const column of orderBy) query = query.orderBy(column);
    // One key column: carry on after the last one read; otherwise page by offset.
    if (keyColumns.length === 1 && last !== undefined) query = query.where(keyColumns[0], '>', last);
    else if (keyColumns.length !== 1) query = query.offset(rows);
    const batch = await query.execute();
    if (batch.length === 0) break;
    const written = batch.map((row) => {
      const copy = { ...row };
      for (const key of deferrable) {
        const seen = copiedKeys.get(key) as Set<unknown>;
        seen.add(row[key.referencedColumn ?? keyColumns[0]]);
        const value = row[key.column];
        if (value === null || seen.has(value)) continue;
        copy[key.column] = null;
        patches.push({ where: Object.fromEntries(keyColumns.map((c) => [c, row[c]])), column: key.column, value });
      }
      return copy;
    });
    await to.insertInto(table).values(written).execute();
    rows += batch.length;
    if (keyColumns.length === 1) last = batch[batch.length - 1][keyColumns[0]];
    if (batch.length < size) break;
  }
  for (const patch of patches) {
    let update = to.updateTable(table).set({ [patch.column]: patch.value });
    for (const [column, value] of Object.entries(patch.where)) update = update.where(column, '=', value);
    await update.execute();
  }
  return rows;
}

/** Every sequence owned by a column of these tables (serial `id`s) continues after the largest value copied. */
async function resetSequences(db: Loose, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const { rows } = await sql<{ column: string; sequence: string }>`
      select a.attname as "column", pg_get_serial_sequence(quote_ident(${table}), a.attname) as "sequence"
      from pg_attribute a
      where a.attrelid = to_regclass(quote_ident(${table})) and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(quote_ident(${table}), a.attname) is not null`.execute(db);
    for (const { column, sequence } of rows) {
      // An empty table starts again at 1; otherwise the next value is max + 1.
      await sql`select setval(${sequence}::regclass, coalesce(max(${sql.ref(column)}), 1), max(${sql.ref(column)}) is not null) from ${sql.table(table)}`.execute(db);
    }
  }
}
