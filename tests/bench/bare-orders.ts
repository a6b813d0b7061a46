/**
 * The hot-SKU bench's baseline (issue #25): a bare Fastify route doing only the essential write of
 * a buy-now order — the conditional stock update (`stock >= n`) and one order row, in one
 * READ COMMITTED transaction — on the same database as the storefront: the same SQLite file
 * (better-sqlite3, one writer) or the same PostgreSQL schema (`pg`, a pool of the storefront's
 * size). No signature, token, payload schema, pricing or Kysely: the gap is what the shop costs.
 * Its order rows go to a table of its own, `bench_bare_order`, created on start.
 *
 *   tsx tests/bench/bare-orders.ts --port 4401 --db /tmp/x/default.sqlite   (or --db postgres://…?schema=…)
 */
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { ok, fail } from '@kernel/core/envelope';
import { isPostgresUrl, parsePostgresUrl } from '@kernel/server/db-postgres';

export const BARE_ORDER_PATH = '/bare/order';

/** One attempt: true when a unit was taken and the order row written. */
type Place = (userId: number, skuId: number, quantity: number) => Promise<boolean>;

function onSqlite(file: string): { place: Place; close(): void } {
  const sqlite = new SQLite(file, { fileMustExist: true });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.exec(`create table if not exists bench_bare_order (id integer primary key autoincrement, order_no varchar(32) not null,
    user_id integer not null, sku_id integer not null, quantity integer not null, created_at bigint not null)`);
  const take = sqlite.prepare('update goods_sku set stock = stock - ? where id = ? and stock >= ?');
  const insert = sqlite.prepare('insert into bench_bare_order (order_no, user_id, sku_id, quantity, created_at) values (?, ?, ?, ?, ?)');
  const place = sqlite.transaction((userId: number, skuId: number, quantity: number) => {
    if (take.run(quantity, skuId, quantity).changes !== 1) return false;
    insert.run(orderNo(), userId, skuId, quantity, Math.floor(Date.now() / 1000));
    return true;
  });
  return { place: async (userId, skuId, quantity) => place(userId, skuId, quantity), close: () => sqlite.close() };
}

async function onPostgres(url: string): Promise<{ place: Place; close(): Promise<void> }> {
  const target = parsePostgresUrl(url);
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: target.poolSize,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  await pool.query(`create table if not exists bench_bare_order (id serial primary key, order_no varchar(32) not null,
    user_id integer not null, sku_id integer not null, quantity integer not null, created_at bigint not null)`);
  const place: Place = async (userId, skuId, quantity) => {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level read committed');
      const taken = await client.query('update goods_sku set stock = stock - $1 where id = $2 and stock >= $1', [quantity, skuId]);
      if (taken.rowCount === 1) {
        await client.query('insert into bench_bare_order (order_no, user_id, sku_id, quantity, created_at) values ($1, $2, $3, $4, $5)', [orderNo(), userId, skuId, quantity, Math.floor(Date.now() / 1000)]);
      }
      await client.query('commit');
      return taken.rowCount === 1;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return { place, close: () => pool.end() };
}

let sequence = 0;
const orderNo = () => `B${Date.now()}${String(sequence++ % 100_000).padStart(5, '0')}`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, db: { type: 'string' } } });
  if (!values.port || !values.db) throw new Error('usage: bare-orders.ts --port <port> --db <sqlite file | postgres url>');
  const database = isPostgresUrl(values.db) ? await onPostgres(values.db) : onSqlite(values.db);

  const app = Fastify({ logger: false });
  app.post(BARE_ORDER_PATH, async (request) => {
    const body = (request.body ?? {}) as { user_id?: unknown; sku_id?: unknown; num?: unknown };
    const placed = await database.place(Number(body.user_id), Number(body.sku_id), Number(body.num ?? 1));
    return placed ? ok({ placed: true }) : fail('库存不足');
  });
  app.get('/', async () => 'bare orders');

  const close = () => {
    void app.close().finally(async () => {
      await database.close();
      process.exit(0);
    });
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ port: Number(values.port), host: '127.0.0.1' });
  process.stdout.write(`bare orders at http://127.0.0.1:${values.port}${BARE_ORDER_PATH}\n`);
}

if (process.argv[1]?.endsWith('bare-orders.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
