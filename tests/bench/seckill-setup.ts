/**
 * The flash-sale bench on each database (issue #26): the storefront (run.ts's own SQLite one, a
 * fresh SQLite one, or one node and then two on a fresh PostgreSQL schema), as many bare route
 * processes (./bare-orders.ts) on the same database, 2,000 buyers written straight into it with
 * the kernel's services (an account, an access token and a default address each: registering
 * them over HTTP would take minutes), and each round a session running now with one item for
 * each target, set up with the plugin's own functions (plugins/seckill/setup.ts); then
 * ./seckill.ts's load. Servers stopped and the schema dropped afterwards (./hot-sku-setup.ts).
 */
import os from 'node:os';
import { systemClock } from '@kernel/server/clock';
import { openDatabase } from '@kernel/server/db';
import type { Db } from '@kernel/server/plugin';
import { createPasswords, TEST_PASSWORD_COST } from '@kernel/server/services/passwords';
import { createLocalSessionEvents } from '@kernel/server/services/session-events';
import { createTokens } from '@kernel/server/services/tokens';
import { createUsers } from '@kernel/server/services/users';
import { hubPath } from '@kernel/server/hub/path';
import { saveAddress } from '@plugins/address/service';
import { setSkuStock } from '@plugins/goods/admin.service';
import { addItem, addSession, closeSession } from '@plugins/seckill/setup';
import type {} from '@plugins/seckill/tables';
import { siteCredentials, siteFile } from './api';
import { BARE_SECKILL_PATH } from './bare-orders';
import { onFreshSchema, onFreshSqlite, startBareOrders, type HotSkuHooks } from './hot-sku-setup';
import { groupCpuSeconds, type Child } from './processes';
import { benchSeckill, SECKILL, type Buyer, type SaleItem, type SeckillFigures, type SeckillSettings } from './seckill';
import type { RunningStorefront } from './storefront-server';

/** Buyers made at once (each is an argon2 hash at the cheapest cost and three short transactions). */
const MAKE_AT_ONCE = 25;

/** `count` accounts with an access token and a default address each, named after `run`. */
export async function makeBuyers(db: Db, count: number, run: string): Promise<Buyer[]> {
  // Nobody signs in with these passwords: the cheapest hash keeps 2,000 accounts quick to make.
  const users = createUsers(db, systemClock, createPasswords(TEST_PASSWORD_COST));
  const tokens = createTokens(db, systemClock, createLocalSessionEvents());
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i += MAKE_AT_ONCE) {
    buyers.push(...(await Promise.all(Array.from({ length: Math.min(MAKE_AT_ONCE, count - i) }, async (_, k) => {
      const userId = Number(await users.create({ username: `sk${run}x${i + k}`, password: 'bench12345' }));
      const { token } = await tokens.issue(userId);
      const address = await saveAddress(db, {
        userId,
        input: { name: '压测', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1 },
        max: 20,
        now: Date.now(),
      });
      return { userId, token, addressId: address.id };
    }))));
  }
  return buyers;
}

interface SaleSku {
  skuId: number;
  goodsId: number;
  price: number;
}

/** On-sale SKUs in no flash sale yet (the demo seed's sessions keep theirs), priced above 1 fen. */
async function freeSkus(db: Db, count: number): Promise<SaleSku[]> {
  const rows = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods_goods as g', 'g.id', 's.goods_id')
    .select(['s.id as skuId', 's.goods_id as goodsId', 's.price'])
    .where('g.status', '=', 1)
    .where('s.price', '>=', 2)
    .where('s.id', 'not in', db.selectFrom('seckill_goods').select('sku_id'))
    .orderBy('s.id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error(`the demo shop has ${rows.length} SKUs on sale outside its flash sales; the bench needs ${count}`);
  return rows.map((r) => ({ skuId: Number(r.skuId), goodsId: Number(r.goodsId), price: Number(r.price) }));
}

/**
 * Each call: the previous bench session closed (else its sold-out item, started earlier, is the
 * one a buy finds), a new one running from a minute ago for an hour,
 * one item of `stock` and `quota` on each SKU (its stock set first, then taken from it by `addItem`).
 */
function itemMaker(db: Db, skus: { storefront: SaleSku; bare: SaleSku }, settings: SeckillSettings) {
  let previous: number | null = null;
  const add = async (sessionId: number, sku: SaleSku, now: number): Promise<SaleItem> => {
    await setSkuStock(db, sku.skuId, settings.stock + 100);
    const itemId = await addItem(db, { sessionId, skuId: sku.skuId, price: Math.floor(sku.price / 2), stock: settings.stock, quota: settings.quota, now });
    return { itemId, goodsId: sku.goodsId, skuId: sku.skuId };
  };
  return async () => {
    const now = Math.floor(Date.now() / 1000);
    if (previous !== null) await closeSession(db, previous, now);
    const sessionId = await addSession(db, { start: now - 60, end: now + 3600, title: 'bench', now });
    previous = sessionId;
    return { storefront: await add(sessionId, skus.storefront, now), bare: await add(sessionId, skus.bare, now) };
  };
}

async function itemState(db: Db, itemId: number): Promise<{ stock: number; sold: number; overQuota: number }> {
  const item = await db.selectFrom('seckill_goods').select(['stock', 'sold', 'quota']).where('id', '=', itemId).executeTakeFirstOrThrow();
  const over = await db
    .selectFrom('seckill_quota')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('item_id', '=', itemId)
    .where('bought', '>', Number(item.quota))
    .executeTakeFirstOrThrow();
  return { stock: Number(item.stock), sold: Number(item.sold), overQuota: Number(over.n) };
}

/** A database's buyers and SKUs, made once for every measurement on it. */
interface Prepared {
  db: Db;
  buyers: Buyer[];
  /** Shared by every measurement on the database, so each closes the session before it. */
  newItems: () => Promise<{ storefront: SaleItem; bare: SaleItem }>;
}

async function prepare(database: string, name: string, hooks: HotSkuHooks, settings: SeckillSettings): Promise<Prepared> {
  const db = openDatabase(database);
  try {
    const [storefront, bare] = await freeSkus(db, 2);
    hooks.step(`flash sale on ${name}: making ${settings.buyers} buyers (account, token, address) in the database…`);
    const started = Date.now();
    const buyers = await makeBuyers(db, settings.buyers, Date.now().toString(36));
    hooks.step(`flash sale on ${name}: ${buyers.length} buyers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { db, buyers, newItems: itemMaker(db, { storefront, bare }, settings) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** CPU seconds of these process groups together; null when any is unknown (or none is given). */
function cpuOf(groups: readonly (number | undefined)[]): number | null {
  let total = 0;
  for (const group of groups) {
    const seconds = group === undefined ? null : groupCpuSeconds(group);
    if (seconds === null) return null;
    total += seconds;
  }
  return groups.length > 0 ? total : null;
}

/** The load on running storefront `nodes`, beside as many bare route processes on `database`. */
async function measure(root: string, name: SeckillFigures['database'], nodes: readonly Pick<RunningStorefront, 'base'>[], groups: readonly number[], database: string, prepared: Prepared, hooks: HotSkuHooks, settings: SeckillSettings): Promise<SeckillFigures> {
  const bares: (Child & { url: string })[] = [];
  try {
    for (let i = 0; i < nodes.length; i += 1) bares.push(await startBareOrders(root, database, hooks.track, BARE_SECKILL_PATH));
    const path = hubPath(siteFile(root).site.wss);
    if (!path) throw new Error('the demo site has no `wss`: no hub to push to');
    const label = nodes.length === 1 ? '1 node' : `${nodes.length} nodes`;
    hooks.step(
      `flash sale on ${name}, ${label}: ${settings.buyers} buyers at once (${settings.inFlight} in flight) on a stock of ${settings.stock}, quota ${settings.quota}, ` +
        `${settings.sockets} sockets open; a warm-up, then ${settings.rounds} rounds beside the bare route…`,
    );
    return await benchSeckill(name, {
      storefronts: nodes.map((n) => n.base),
      bares: bares.map((b) => b.url),
      app: siteCredentials(root),
      hubPath: path,
      buyers: prepared.buyers,
      newItems: prepared.newItems,
      itemState: (itemId) => itemState(prepared.db, itemId),
      loadAverage: () => os.loadavg(),
      // Each child leads its own process group (./processes.ts); a storefront started elsewhere is not measured.
      cpuSeconds: (target) => cpuOf(target === 'bare' ? bares.map((b) => b.process.pid) : groups.length === nodes.length ? groups : []),
    }, settings);
  } finally {
    await Promise.all(bares.map((b) => b.stop()));
  }
}

/** On an already running storefront's SQLite file (run.ts's). */
export async function seckillOnSqlite(root: string, base: string, database: string, hooks: HotSkuHooks, settings = SECKILL, storefrontGroup?: number): Promise<SeckillFigures> {
  const prepared = await prepare(database, 'SQLite', hooks, settings);
  try {
    return await measure(root, 'SQLite', [{ base }], storefrontGroup === undefined ? [] : [storefrontGroup], database, prepared, hooks, settings);
  } finally {
    await prepared.db.destroy();
  }
}

/** A fresh SQLite storefront of its own, stopped afterwards. */
export function seckillOnFreshSqlite(root: string, hooks: HotSkuHooks, settings = SECKILL): Promise<SeckillFigures> {
  return onFreshSqlite(root, hooks, 'flash sale', (node) => seckillOnSqlite(root, node.base, node.database, hooks, settings, node.child.process.pid));
}

/** One storefront node, then two, on a fresh schema of `postgresUrl` (dropped afterwards). */
export function seckillOnPostgres(root: string, postgresUrl: string, hooks: HotSkuHooks, settings = SECKILL): Promise<SeckillFigures[]> {
  return onFreshSchema(root, postgresUrl, hooks, 'flash sale', async (databaseUrl, startNode) => {
    const nodes = [await startNode()];
    const prepared = await prepare(databaseUrl, 'PostgreSQL', hooks, settings);
    try {
      const groups = () => nodes.map((n) => n.child.process.pid).filter((pid): pid is number => pid !== undefined);
      const one = await measure(root, 'PostgreSQL', nodes, groups(), databaseUrl, prepared, hooks, settings);
      nodes.push(await startNode());
      const two = await measure(root, 'PostgreSQL', nodes, groups(), databaseUrl, prepared, hooks, settings);
      return [one, two];
    } finally {
      await prepared.db.destroy();
    }
  });
}
