/**
 * The bench's baseline: a bare Fastify route serving what `/api/goods/goodsList` serves by default
 * (goods on sale, recommended first, then best sellers, newest id; one page and the total), read
 * straight from the same SQLite file with prepared statements — no signature, token, toggle,
 * payload schema or Kysely. The gap between the two is what the kernel pipeline costs.
 *
 *   tsx tests/bench/bare-server.ts --port 4400 --db /tmp/x/default.sqlite
 */
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { ok } from '@kernel/core/envelope';
import { goodsContract } from '@plugins/goods/contract';
import { toCard, type CardRow } from '@plugins/goods/mappers';

// The same query as plugins/goods/service.ts `listGoods` with the contract's default sort.
const ON_SALE = 1;
const FROM = `from goods_goods as g left join goods_brand as b on b.id = g.brand_id where g.status = ${ON_SALE}`;
const PAGE_SQL = `select g.id, g.category_id, g.name, g.subtitle, g.image, g.price, g.market_price, g.sales,
  cast((select coalesce(sum(s.stock), 0) from goods_sku s where s.goods_id = g.id) as integer) as stock,
  g.unit, g.recommend, b.name as brand_name ${FROM}
  order by g.recommend desc, g.sales desc, g.id desc limit ? offset ?`;
const COUNT_SQL = `select count(*) as total ${FROM}`;

const MAX_LIMIT = 50;
const DEFAULT_LIMIT = 10;

function positiveInt(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, db: { type: 'string' } } });
  if (!values.port || !values.db) throw new Error('usage: bare-server.ts --port <port> --db <sqlite file>');

  const sqlite = new SQLite(values.db, { readonly: true, fileMustExist: true });
  const pageRows = sqlite.prepare<[number, number], CardRow>(PAGE_SQL);
  const count = sqlite.prepare<[], { total: number }>(COUNT_SQL);

  const app = Fastify({ logger: false });
  app.post(goodsContract.goodsList.path, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const page = positiveInt(body.page, 1);
    const limit = Math.min(positiveInt(body.limit, DEFAULT_LIMIT), MAX_LIMIT);
    const list = pageRows.all(limit, (page - 1) * limit).map(toCard);
    return ok({ list, total: count.get()?.total ?? 0, page, limit });
  });

  const close = () => {
    void app.close().finally(() => {
      sqlite.close();
      process.exit(0);
    });
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  await app.listen({ port: Number(values.port), host: '127.0.0.1' });
  process.stdout.write(`bare goodsList at http://127.0.0.1:${values.port}${goodsContract.goodsList.path}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
