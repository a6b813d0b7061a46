/**
 * A hot SKU (issue #25): 40 shoppers each place 25 buy-now orders, one at a time, on one SKU with
 * a stock of 600 — a flash sale's load — beside the bare route (./bare-orders.ts) doing only the
 * essential write on its own SKU of the same stock in the same database. Each target gets a
 * warm-up first (the same load on a warm-up SKU of ample stock), then one target at a time is
 * measured so they never compete for the CPU. Reports attempts/s, p50/p99, units sold (never above
 * the stock: sold = stock taken) and replies with a 5xx status (there must be none).
 */
import { performance } from 'node:perf_hooks';
import { signHeaders, type AppCredentials } from '@kernel/server/pipeline/signature';
import { post, replyFigures, succeeded, timedPost, type Attempt } from './http';

export interface HotSkuSettings {
  shoppers: number;
  ordersPerShopper: number;
  stock: number;
  /**
   * Orders per shopper in the warm-up, on the warm-up SKU. A node serves for hours; what it does per
   * order then is what the load measures, not V8 still compiling the path: a fresh storefront spent
   * 0.9 ms of CPU on each of its first thousand buy-now orders and reached its steady 0.25–0.3 ms
   * after about four thousand (the bare route's few lines get there at once). So the warm-up is
   * 4,000 orders.
   */
  warmupOrdersPerShopper: number;
  /**
   * Rounds of the whole load, each on both targets (storefront, then bare route, on fresh stock).
   * One round takes about a second a target: a busy moment of a shared machine moves one round's
   * ratio by ten points, so the figures are the median round's of five, and every round's ratios are shown.
   */
  rounds: number;
}

export const HOT_SKU: HotSkuSettings = { shoppers: 40, ordersPerShopper: 25, stock: 600, warmupOrdersPerShopper: 100, rounds: Number(process.env.HOT_SKU_ROUNDS ?? 5) };

export interface HotSkuRun {
  attempts: number;
  attemptsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  sold: number;
  refusedShort: number;
  /** code 0 for another reason than the stock (e.g. "busy"), with the messages seen. */
  otherRefusals: number;
  otherMessages: string[];
  serverErrors: number;
  /** What the 5xx replies said (599: the request itself failed, e.g. a reset connection). */
  serverErrorMessages: string[];
  stockBefore: number;
  stockAfter: number;
  oversold: boolean;
  /** CPU milliseconds the target's processes used per attempt while measured (null: not known). */
  cpuMsPerAttempt: number | null;
}

/** One round: the load on each target, and their ratios. */
export interface HotSkuRound {
  storefront: HotSkuRun;
  bare: HotSkuRun;
  throughputRatio: number;
  p99Ratio: number;
}

/**
 * The median round (by the throughput ratio) with the other rounds beside it. `storefront`'s
 * 5xx replies and overselling count every round's: one in any round is one too many.
 */
export interface HotSkuFigures extends HotSkuRound {
  database: 'SQLite' | 'PostgreSQL';
  settings: HotSkuSettings;
  /** `os.loadavg()` as the measured part began. */
  loadAverage: number[];
  /** Every round in the order run (the median one included). */
  rounds: HotSkuRound[];
}

export interface HotSkuTargets {
  storefront: string;
  bare: string;
  app: AppCredentials;
  /** The hot SKU of each target and the warm-up SKU, all of one goods' catalogue. */
  skus: { storefront: Sku; bare: Sku; warmup: Sku };
  setStock(skuId: number, stock: number): Promise<void>;
  stockOf(skuId: number): Promise<number>;
  loadAverage(): number[];
  /** CPU seconds each target's processes have used so far, when known (their share of a busy machine). */
  cpuSeconds?(target: 'storefront' | 'bare'): number | null;
}

export interface Sku {
  goodsId: number;
  skuId: number;
}

interface Shopper {
  userId: number;
  token: string;
  addressId: number;
}

/** Every shopper places its orders one after another, all shoppers at once. */
async function race(shoppers: readonly Shopper[], perShopper: number, attempt: (shopper: Shopper, i: number, k: number) => Promise<Attempt>): Promise<{ attempts: Attempt[]; seconds: number }> {
  const attempts: Attempt[] = [];
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      for (let k = 0; k < perShopper; k += 1) attempts.push(await attempt(shopper, i, k));
    }),
  );
  return { attempts, seconds: (performance.now() - started) / 1000 };
}

const isShort = (a: Attempt) => a.status < 500 && a.code === 0 && a.msg.includes('库存不足');

function figures(attempts: Attempt[], seconds: number, stockBefore: number, stockAfter: number, cpuSeconds: number | null): HotSkuRun {
  const sold = succeeded(attempts);
  return {
    ...replyFigures(attempts, seconds, isShort, cpuSeconds),
    sold,
    refusedShort: attempts.filter(isShort).length,
    stockBefore,
    stockAfter,
    oversold: stockAfter < 0 || sold !== stockBefore - stockAfter,
  };
}

export async function benchHotSku(database: HotSkuFigures['database'], targets: HotSkuTargets, settings: HotSkuSettings = HOT_SKU): Promise<HotSkuFigures> {
  const { app, skus } = targets;
  const run = Date.now().toString(36);
  const shoppers: Shopper[] = [];
  for (let i = 0; i < settings.shoppers; i += 1) {
    const registered = await post<{ userinfo: { id: number; token: string } }>(targets.storefront, app, '/api/user/register', { username: `hot${run}x${i}`, password: 'bench12345' });
    if (registered.code !== 1) throw new Error(`register: ${registered.msg}`);
    const { id: userId, token } = registered.data.userinfo;
    const address = await post<{ id: number }>(targets.storefront, app, '/api/address/save', {
      name: '压测', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1,
    }, token);
    if (address.code !== 1) throw new Error(`address: ${address.msg}`);
    shoppers.push({ userId, token, addressId: address.data.id });
  }

  const storefrontOrder = (sku: Sku, tag: string) => (shopper: Shopper, i: number, k: number) =>
    timedPost(new URL('/api/order/confirm', targets.storefront).toString(), { Token: shopper.token, ...signHeaders(app, Date.now()) }, {
      source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: shopper.addressId, request_key: `hot-${run}-${tag}-${i}-${k}`,
    });
  const bareOrder = (sku: Sku) => (shopper: Shopper) => timedPost(targets.bare, {}, { user_id: shopper.userId, sku_id: sku.skuId, num: 1 });

  const measure = async (target: 'storefront' | 'bare', sku: Sku, attempt: (shopper: Shopper, i: number, k: number) => Promise<Attempt>) => {
    await targets.setStock(sku.skuId, settings.stock);
    const before = await targets.stockOf(sku.skuId);
    const cpuBefore = targets.cpuSeconds?.(target) ?? null;
    const { attempts, seconds } = await race(shoppers, settings.ordersPerShopper, attempt);
    const cpuAfter = targets.cpuSeconds?.(target) ?? null;
    return figures(attempts, seconds, before, await targets.stockOf(sku.skuId), cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
  };

  await targets.setStock(skus.warmup.skuId, settings.shoppers * settings.warmupOrdersPerShopper * 4);
  await race(shoppers, settings.warmupOrdersPerShopper, storefrontOrder(skus.warmup, 'warm'));
  await race(shoppers, settings.warmupOrdersPerShopper, bareOrder(skus.warmup));

  const loadAverage = targets.loadAverage();
  const rounds: HotSkuRound[] = [];
  for (let round = 1; round <= settings.rounds; round += 1) {
    const storefront = await measure('storefront', skus.storefront, storefrontOrder(skus.storefront, `hot${round}`));
    const bare = await measure('bare', skus.bare, bareOrder(skus.bare));
    rounds.push({
      storefront,
      bare,
      throughputRatio: bare.attemptsPerSecond > 0 ? storefront.attemptsPerSecond / bare.attemptsPerSecond : 0,
      p99Ratio: bare.p99Ms > 0 ? storefront.p99Ms / bare.p99Ms : Number.POSITIVE_INFINITY,
    });
  }
  return { database, settings, loadAverage, ...medianRound(rounds), rounds };
}

/** What `medianRound` needs of a round: its storefront's 5xx and overselling, and the throughput ratio. */
export interface RatioRound {
  storefront: { serverErrors: number; serverErrorMessages: string[]; oversold: boolean };
  throughputRatio: number;
}

/** The median round by the throughput ratio, its storefront charged with every round's 5xx and overselling. */
export function medianRound<R extends RatioRound>(rounds: readonly R[]): R {
  const median = [...rounds].sort((a, b) => a.throughputRatio - b.throughputRatio)[Math.floor((rounds.length - 1) / 2)];
  const serverErrors = rounds.reduce((n, r) => n + r.storefront.serverErrors, 0);
  const serverErrorMessages = [...new Set(rounds.flatMap((r) => r.storefront.serverErrorMessages))].slice(0, 5);
  return { ...median, storefront: { ...median.storefront, serverErrors, serverErrorMessages, oversold: rounds.some((r) => r.storefront.oversold) } };
}
