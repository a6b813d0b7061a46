/**
 * Issue #14's bench: goodsList and order placement on PostgreSQL, first on one `storefront start`
 * node, then on two sharing the same schema with the load spread over both (one autocannon per
 * node, latency histograms merged; order calls taking turns). Each node is its own process on its
 * own port, the same checkout, one shared uploads folder; the schema is fresh (the first node
 * seeds the demo shop) and dropped afterwards. Both runs check that nothing was oversold.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@kernel/server/db';
import type { Db } from '@kernel/server/plugin';
import { setSkuStock } from '@plugins/goods/admin.service';
import { PAYLOAD, GOODS_LIST_PATH, siteCredentials } from './api';
import { benchOrders, type OrderBenchSettings, type OrderFigures } from './orders';
import type { Child } from './processes';
import { spreadLoad, type SpreadLoadFigures } from './spread-load';
import { startStorefront, type RunningStorefront } from './storefront-server';

export interface ClusterBenchSettings {
  /** goodsList: connections in all, split over the nodes. */
  connections: number;
  warmupSeconds: number;
  seconds: number;
  orders: OrderBenchSettings;
  startTimeoutMs: number;
}

export interface ClusterRun {
  nodes: number;
  /** `os.loadavg()` as the run began: 1, 5 and 15 minutes. */
  loadAverage: number[];
  goodsList: SpreadLoadFigures;
  orders: OrderFigures;
}

export interface ClusterFigures {
  /** Where the PostgreSQL came from. */
  source: string;
  serverVersion: string;
  payload: Record<string, unknown>;
  settings: ClusterBenchSettings;
  /** Each node's start, spawn → first answer; the first seeds the demo shop. */
  startSeconds: number[];
  runs: ClusterRun[];
}

/** For cluster-only.ts: the SQLite bench's goodsList load and order race (run.ts's LOAD and ORDERS). */
export const CLUSTER: ClusterBenchSettings = {
  connections: 10,
  warmupSeconds: 2,
  seconds: 8,
  orders: { shoppers: 40, attemptsPerShopper: 5, stock: 120, concurrency: 20 },
  startTimeoutMs: 90_000,
};

/** What the bench reports about PostgreSQL: the figures, or why there are none. */
export type PostgresFigures = ClusterFigures | { skipped: string };

export interface ClusterHooks {
  track: (child: Child) => void;
  step: (message: string) => void;
}

/** The URL with `?schema=` set to the bench's own schema (ours replaces one already there). */
export function withSchema(url: string, schema: string): string {
  const target = new URL(url);
  target.searchParams.set('schema', schema);
  return target.toString();
}

export async function benchCluster(root: string, postgres: { url: string; source: string }, settings: ClusterBenchSettings, hooks: ClusterHooks): Promise<ClusterFigures> {
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = withSchema(postgres.url, schema);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-cluster-'));
  const nodes: RunningStorefront[] = [];
  const db = openDatabase(databaseUrl);
  const startNode = async () => {
    const index = nodes.length;
    const node = await startStorefront(root, path.join(dir, `node-${index + 1}`), {
      timeoutMs: settings.startTimeoutMs,
      track: hooks.track,
      name: `PostgreSQL node ${index + 1}`,
      databaseUrl,
      uploadsDir: path.join(dir, 'uploads'),
    });
    nodes.push(node);
    hooks.step(`node ${index + 1} at ${node.base} (${node.startSeconds.toFixed(1)} s)`);
  };
  try {
    hooks.step(`PostgreSQL (${postgres.source}), schema ${schema}: starting node 1, which seeds the demo shop…`);
    await startNode();
    const app = siteCredentials(root);
    const [sku] = await saleSkus(db, 1);
    const run = async (): Promise<ClusterRun> => {
      const bases = nodes.map((n) => n.base);
      const urls = bases.map((base) => new URL(GOODS_LIST_PATH, base).toString());
      const loadAverage = os.loadavg();
      const label = nodes.length === 1 ? '1 node' : `${nodes.length} nodes`;
      hooks.step(`${label}: goodsList, ${settings.warmupSeconds} s warm-up + ${settings.seconds} s, ${settings.connections} connections over the nodes…`);
      await spreadLoad(urls, app, settings.connections, settings.warmupSeconds);
      const goodsList = await spreadLoad(urls, app, settings.connections, settings.seconds);
      hooks.step(`${label}: orders, ${settings.orders.shoppers} shoppers on one SKU with ${settings.orders.stock} in stock…`);
      await setSkuStock(db, sku.skuId, settings.orders.stock);
      const stockOf = async () => (await db.selectFrom('goods_sku').select('stock').where('id', '=', sku.skuId).executeTakeFirstOrThrow()).stock;
      const orders = await benchOrders(bases, app, sku, stockOf, settings.orders);
      return { nodes: nodes.length, loadAverage, goodsList, orders };
    };
    const one = await run();
    hooks.step('starting node 2 on the same schema…');
    await startNode();
    const two = await run();
    const { rows } = await sql<{ server_version: string }>`show server_version`.execute(db);
    return {
      source: postgres.source,
      serverVersion: rows[0]?.server_version ?? '?',
      payload: PAYLOAD,
      settings,
      startSeconds: nodes.map((n) => n.startSeconds),
      runs: [one, two],
    };
  } finally {
    await Promise.all(nodes.map((n) => n.child.stop()));
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The first `count` SKUs of goods on sale, in id order (the order benches' SKUs). */
export async function saleSkus(db: Db, count: number): Promise<{ skuId: number; goodsId: number }[]> {
  const rows = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods_goods as g', 'g.id', 's.goods_id')
    .select(['s.id as skuId', 's.goods_id as goodsId'])
    .where('g.status', '=', 1)
    .orderBy('s.id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`the demo shop has ${rows.length} SKUs on sale; the bench needs ${count}`);
  return rows;
}
