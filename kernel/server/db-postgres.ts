/**
 * Opens a PostgreSQL database (DATABASE_URL) through Kysely's Postgres dialect and `pg`.
 *
 * The kernel hides what differs from SQLite, so no plugin branches on the dialect:
 * - **Isolation.** SQLite runs one transaction at a time, and every plugin rule was written
 *   against that. Here every `db.transaction()` runs SERIALIZABLE, which PostgreSQL guarantees to
 *   behave as some serial order of the transactions: the same promise, with real parallelism.
 *   A transaction PostgreSQL aborts to keep that promise (serialization failure, deadlock) is run
 *   again from the start, after a short jittered wait, up to `RETRIES` times.
 * - **Numbers.** `bigint` columns, `count(*)` and `sum()` come back as numbers, as on SQLite
 *   (money is integer fen, far below 2^53).
 * - **Schemas.** `?schema=NAME` in the URL (ours, not pg's) puts the shop's tables in that
 *   schema; it is created by `migrate`. Tests give every server its own.
 */
import { Kysely, PostgresDialect, type KyselyConfig, type TransactionBuilder } from 'kysely';
import pg from 'pg';
import type { Db } from './services/types';

/**
 * How many times a transaction is run again after PostgreSQL aborted it to keep it serializable.
 * The rows a crowd hits at once run at READ COMMITTED (./hot-transaction.ts) and queue on a row
 * lock instead, so these retries no longer carry a hot row. They still settle false conflicts:
 * SERIALIZABLE's predicate locks cover index pages, so 300 shoppers each adding their own address
 * at once abort one another (tests/cluster), and 10 retries left some of them "busy". A conflict
 * that outlives these answers "busy" (`isBusy`), never a 500.
 */
export const RETRIES = 40;
const RETRYABLE = new Set(['40001', '40P01']);

export interface PostgresTarget {
  /** What pg connects to: the URL without our own `schema` and `pool` parameters. */
  connectionString: string;
  schema: string | null;
  poolSize: number;
}

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

export function parsePostgresUrl(url: string): PostgresTarget {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  const pool = Number(parsed.searchParams.get('pool') ?? 10);
  parsed.searchParams.delete('schema');
  parsed.searchParams.delete('pool');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`the schema "${schema}" in the database URL must be lower-case letters, digits and _`);
  }
  return { connectionString: parsed.toString(), schema, poolSize: Number.isInteger(pool) && pool > 0 ? pool : 10 };
}

/** The URL with its password hidden, for logs and `doctor`. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const toNumber = (value: string) => Number(value);
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openPostgres(url: string): Db {
  const target = parsePostgresUrl(url);
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: target.poolSize,
    idleTimeoutMillis: 10_000,
    types,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // An idle client losing its server (a restart, a failover) must not crash the node.
  pool.on('error', () => {});
  pool.on('connect', preparingHotStatements);
  const db = new SerializableKysely({ dialect: new PostgresDialect({ pool }) });
  postgresTargets.set(db, target);
  postgresPools.set(db, pool);
  return db as unknown as Db;
}

/**
 * The SQL of the kernel's compiled statements (./db-statement.ts: the token, the request key, the
 * event, an order's rows…), each with a name. pg sends a query with a name as a prepared
 * statement: PostgreSQL parses and plans it once per connection instead of on every run.
 */
const hotStatements = new Map<string, string>();
export function prepareOnPostgres(sql: string): void {
  if (!hotStatements.has(sql)) hotStatements.set(sql, `storefront_${hotStatements.size + 1}`);
}

/** Makes a pool client run the hot statements by name (Kysely's driver calls `query(sql, values)`). */
function preparingHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? hotStatements.get(config) : undefined;
    return name && Array.isArray(values) && callback === undefined ? query({ name, text: config, values }) : query(config, values, callback);
  };
}

/** What a PostgreSQL `Db` was opened on; undefined for SQLite. */
export const postgresTargets = new WeakMap<object, PostgresTarget>();

/** The connection pool of a PostgreSQL `Db` (its counts are the `db_pool_*` metrics); undefined for SQLite. */
export const postgresPools = new WeakMap<object, Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>>();

class SerializableKysely<DB> extends Kysely<DB> {
  constructor(config: KyselyConfig) {
    super(config);
  }

  override transaction(): TransactionBuilder<DB> {
    const builder = super.transaction().setIsolationLevel('serializable');
    const execute = builder.execute.bind(builder);
    builder.execute = <T>(callback: Parameters<typeof execute<T>>[0]) => retrying(() => execute(callback));
    return builder;
  }

  /**
   * READ COMMITTED, for work written to hold at it (kernel/server/hot-transaction.ts): only a
   * deadlock, or a unique violation a few times (a twin's insert committed first), runs it again.
   */
  readCommitted(): TransactionBuilder<DB> {
    const builder = super.transaction().setIsolationLevel('read committed');
    const execute = builder.execute.bind(builder);
    builder.execute = <T>(callback: Parameters<typeof execute<T>>[0]) => retrying(() => execute(callback), isDeadlockOrTwin);
    return builder;
  }
}

/** Whether `db` is a PostgreSQL database this module opened, which can run READ COMMITTED work. */
export const readCommittedOf = <DB>(db: Kysely<DB>): (() => TransactionBuilder<DB>) | null =>
  db instanceof SerializableKysely ? () => (db as SerializableKysely<DB>).readCommitted() : null;

/**
 * A unique violation is retried a few times too: PostgreSQL reports one (rather than a
 * serialization failure) when a concurrent transaction inserted the key this one checked for
 * and did not see; run again, the check sees the row. A real duplicate fails the same way again.
 */
const UNIQUE_VIOLATION = '23505';
const UNIQUE_RETRIES = 3;
const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');
const isTwin = (error: unknown, attempt: number) => codeOf(error) === UNIQUE_VIOLATION && attempt < UNIQUE_RETRIES;
export const isRetryable = (error: unknown, attempt = 1) => RETRYABLE.has(codeOf(error)) || isTwin(error, attempt);

const isDeadlockOrTwin = (error: unknown, attempt: number) => codeOf(error) === '40P01' || isTwin(error, attempt);

/**
 * A conflict with other transactions that outlived its retries: a serialization failure, a
 * deadlock or a lock wait past `lock_timeout`. Nothing is wrong with the request or the server;
 * the shopper is told the shop is busy and to try again (./pipeline/errors.ts), never a 500.
 */
const BUSY = new Set(['40001', '40P01', '55P03']);
export const isBusy = (error: unknown) => BUSY.has(codeOf(error));

export async function retrying<T>(run: () => Promise<T>, retryable: (error: unknown, attempt: number) => boolean = isRetryable): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!retryable(error, attempt) || attempt >= RETRIES) throw error;
      // Jittered and growing, capped: the transactions that collided start again apart.
      const ceiling = Math.min(100, 2 * 1.5 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
