/**
 * The order benches' baselines, bare Fastify routes on the same database as the storefront: the
 * same SQLite file (better-sqlite3, one writer) or the same PostgreSQL schema (`pg`, a pool of the
 * storefront's size). No signature, token, payload schema, pricing or Kysely: the gap is what the
 * shop costs. Each does its essential writes in one READ COMMITTED transaction:
 * - BARE_ORDER_PATH (the hot SKU, issue #25): the conditional stock update (`stock >= n`) and one
 *   order row, in a table of its own, `bench_bare_order`, created on start;
 * - BARE_SECKILL_PATH (the flash sale, issue #26): only the conditional updates of a flash-sale
 *   item's stock (`sold + n <= stock`) and of the shopper's quota counter (an upsert whose update
 *   holds only within the quota; none: both roll back), as plugins/seckill/source.ts writes them.
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
export const BARE_SECKILL_PATH = '/bare/seckill';

/** One attempt: true when a unit was taken and the order row written. */
type Place = (userId: number, skuId: number, quantity: number) => Promise<boolean>;

/** One flash-sale attempt on item `itemId`: what the conditional writes allowed. */
type Buy = (userId: number, itemId: number, quantity: number) => Promise<'bought' | 'sold_out' | 'over_quota'>;

const TAKE_ITEM_SQL = 'update seckill_goods set sold = sold + {n} where id = {item} and sold + {n} <= stock returning quota';
const COUNT_QUOTA_SQL = `insert into seckill_quota (item_id, user_id, bought) values ({item}, {user}, {n})
  on conflict (item_id, user_id) do update set bought = seckill_quota.bought + excluded.bought
  where seckill_quota.bought + excluded.bought <= {quota} returning bought`;
/** The statements with `?` (SQLite) or `$1…` (PostgreSQL) for their parameters, in the order given. */
function placeholders(text: string, names: readonly string[], style: 'sqlite' | 'postgres'): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => (style === 'sqlite' ? '?' : `$${names.indexOf(name) + 1}`));
}

function onSqlite(file: string): { place: Place; buy: Buy; close(): void } {
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
  const takeItem = sqlite.prepare<unknown[], { quota: number }>(placeholders(TAKE_ITEM_SQL, [], 'sqlite'));
  const countQuota = sqlite.prepare<unknown[], { bought: number }>(placeholders(COUNT_QUOTA_SQL, [], 'sqlite'));
  const overQuota = new Error('over quota');
  const buy = sqlite.transaction((userId: number, itemId: number, quantity: number) => {
    const taken = takeItem.get(quantity, itemId, quantity);
    if (!taken) return 'sold_out' as const;
    // No row back: over the quota; throwing rolls the stock back too.
    if (!countQuota.get(itemId, userId, quantity, taken.quota)) throw overQuota;
    return 'bought' as const;
  });
  return {
    place: async (userId, skuId, quantity) => place(userId, skuId, quantity),
    buy: async (userId, itemId, quantity) => {
      try {
        return buy(userId, itemId, quantity);
      } catch (error) {
        if (error === overQuota) return 'over_quota';
        throw error;
      }
    },
    close: () => sqlite.close(),
  };
}

async function onPostgres(url: string): Promise<{ place: Place; buy: Buy; close(): Promise<void> }> {
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
  const takeItem = placeholders(TAKE_ITEM_SQL, ['n', 'item'], 'postgres');
  const countQuota = placeholders(COUNT_QUOTA_SQL, ['item', 'user', 'n', 'quota'], 'postgres');
  const buy: Buy = async (userId, itemId, quantity) => {
    const client = await pool.connect();
    try {
      await client.query('begin isolation level read committed');
      const taken = await client.query<{ quota: number }>(takeItem, [quantity, itemId]);
      const counted = taken.rowCount === 1 ? await client.query(countQuota, [itemId, userId, quantity, taken.rows[0].quota]) : null;
      const outcome = !counted ? 'sold_out' : counted.rowCount === 1 ? 'bought' : 'over_quota';
      await client.query(outcome === 'bought' ? 'commit' : 'rollback');
      return outcome;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return { place, buy, close: () => pool.end() };
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
  app.post(BARE_SECKILL_PATH, async (request) => {
    const body = (request.body ?? {}) as { user_id?: unknown; item_id?: unknown; num?: unknown };
    const outcome = await database.buy(Number(body.user_id), Number(body.item_id), Number(body.num ?? 1));
    return outcome === 'bought' ? ok({ bought: true }) : fail(outcome === 'sold_out' ? '已抢光' : '超出限购');
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
  process.stdout.write(`bare orders at http://127.0.0.1:${values.port}${BARE_ORDER_PATH} and ${BARE_SECKILL_PATH}\n`);
}

if (process.argv[1]?.endsWith('bare-orders.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
