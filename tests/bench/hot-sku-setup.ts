/**
 * The hot-SKU bench on each database (issue #25): a storefront on a fresh data directory (SQLite,
 * `onFreshSqlite`) or a fresh PostgreSQL schema (`onFreshSchema`; the flash sale's bench uses
 * both), the bare order route on the same database in a process of its own, three on-sale SKUs
 * (the storefront's hot one, the bare route's, the warm-up's), then
 * ./hot-sku.ts's load. The servers are stopped and the schema dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '@kernel/server/db';
import type { Db } from '@kernel/server/plugin';
import { setSkuStock } from '@plugins/goods/admin.service';
import { siteCredentials } from './api';
import { BARE_ORDER_PATH } from './bare-orders';
import { saleSkus, withSchema } from './cluster';
import { benchHotSku, HOT_SKU, type HotSkuFigures, type HotSkuSettings, type Sku } from './hot-sku';
import { freePort, groupCpuSeconds, startChild, waitUntilReady, type Child } from './processes';
import { startStorefront, type RunningStorefront } from './storefront-server';

export interface HotSkuHooks {
  track: (child: Child) => void;
  step: (message: string) => void;
  startTimeoutMs: number;
}

/** ./bare-orders.ts in a process of its own on `database`; `url` is its route at `route`. */
export async function startBareOrders(root: string, database: string, track: (child: Child) => void, route = BARE_ORDER_PATH): Promise<Child & { url: string }> {
  const port = await freePort();
  const child = startChild('bare order route', process.execPath, ['--import', 'tsx', 'tests/bench/bare-orders.ts', '--port', String(port), '--db', database], root);
  track(child);
  await waitUntilReady(child, async () => (await fetch(`http://127.0.0.1:${port}/`)).ok, 30_000);
  return Object.assign(child, { url: `http://127.0.0.1:${port}${route}` });
}

async function hotSkus(db: Db): Promise<{ storefront: Sku; bare: Sku; warmup: Sku }> {
  const [storefront, bare, warmup] = await saleSkus(db, 3);
  return { storefront, bare, warmup };
}

/** The load on a running storefront and a bare route sharing `database`. */
async function measure(root: string, name: HotSkuFigures['database'], base: string, database: string, hooks: HotSkuHooks, settings: HotSkuSettings, storefrontGroup?: number) {
  const bare = await startBareOrders(root, database, hooks.track);
  const db = openDatabase(database);
  try {
    hooks.step(`hot SKU on ${name}: ${settings.shoppers} shoppers × ${settings.ordersPerShopper} buy-now orders on one SKU with ${settings.stock} in stock, after a warm-up; then the bare route…`);
    return await benchHotSku(name, {
      storefront: base,
      bare: bare.url,
      app: siteCredentials(root),
      skus: await hotSkus(db),
      setStock: async (skuId, stock) => {
        await setSkuStock(db, skuId, stock);
      },
      stockOf: async (skuId) => Number((await db.selectFrom('goods_sku').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock),
      loadAverage: () => os.loadavg(),
      // Each child leads its own process group (./processes.ts); a storefront started elsewhere is not measured.
      cpuSeconds: (target) => {
        const group = target === 'bare' ? bare.process.pid : storefrontGroup;
        return group === undefined ? null : groupCpuSeconds(group);
      },
    }, settings);
  } finally {
    await bare.stop();
    await db.destroy();
  }
}

/** On an already running storefront's SQLite file (run.ts's). */
export async function hotSkuOnSqlite(root: string, base: string, database: string, hooks: HotSkuHooks, settings = HOT_SKU): Promise<HotSkuFigures> {
  return measure(root, 'SQLite', base, database, hooks, settings);
}

/** A fresh SQLite storefront of its own for `work`, stopped afterwards. */
export async function onFreshSqlite<T>(root: string, hooks: HotSkuHooks, what: string, work: (node: RunningStorefront) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-sqlite-'));
  hooks.step(`${what}: starting a storefront on a fresh SQLite data directory…`);
  const node = await startStorefront(root, dir, { timeoutMs: hooks.startTimeoutMs, track: hooks.track, name: 'storefront (SQLite)' });
  try {
    return await work(node);
  } finally {
    await node.child.stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

export async function hotSkuOnFreshSqlite(root: string, hooks: HotSkuHooks, settings = HOT_SKU): Promise<HotSkuFigures> {
  return onFreshSqlite(root, hooks, 'hot SKU', (node) => measure(root, 'SQLite', node.base, node.database, hooks, settings, node.child.process.pid));
}

/**
 * A fresh schema of `postgresUrl` for `work`, which starts as many storefront nodes on it as it
 * needs (the first seeds the demo shop); the nodes stopped and the schema dropped afterwards.
 */
export async function onFreshSchema<T>(root: string, postgresUrl: string, hooks: HotSkuHooks, what: string, work: (databaseUrl: string, startNode: () => Promise<RunningStorefront>) => Promise<T>): Promise<T> {
  const schema = `bench_${what.replace(/\W+/g, '_').toLowerCase()}_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = withSchema(postgresUrl, schema);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-pg-'));
  const nodes: RunningStorefront[] = [];
  const startNode = async () => {
    const n = nodes.length + 1;
    hooks.step(`${what}: starting storefront node ${n} on PostgreSQL, schema ${schema}${n === 1 ? ' (it seeds the demo shop)' : ''}…`);
    const node = await startStorefront(root, path.join(dir, `node-${n}`), { timeoutMs: hooks.startTimeoutMs, track: hooks.track, name: `storefront (PostgreSQL node ${n})`, databaseUrl, uploadsDir: path.join(dir, 'uploads') });
    nodes.push(node);
    return node;
  };
  try {
    return await work(databaseUrl, startNode);
  } finally {
    await Promise.all(nodes.map((node) => node.child.stop()));
    const db = openDatabase(postgresUrl);
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** One storefront node on a fresh schema of `postgresUrl`, the schema dropped afterwards. */
export async function hotSkuOnPostgres(root: string, postgresUrl: string, hooks: HotSkuHooks, settings = HOT_SKU): Promise<HotSkuFigures> {
  return onFreshSchema(root, postgresUrl, hooks, 'hot SKU', async (databaseUrl, startNode) => {
    const node = await startNode();
    return measure(root, 'PostgreSQL', node.base, databaseUrl, hooks, settings, node.child.process.pid);
  });
}
