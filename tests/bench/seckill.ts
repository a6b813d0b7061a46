/**
 * A flash sale (issue #26): 2,000 buyers, each a distinct account with its own token and address,
 * send one signed buy (`POST /api/order/confirm`, source `seckill`, quota 1) at once for one
 * goods with a flash stock of 100; there must be exactly 100 orders and 1,900 "sold out", and no
 * 5xx. Beside it, the bare route (./bare-orders.ts BARE_SECKILL_PATH) takes the same 2,000 buys on
 * an item of its own with only the conditional stock and quota updates, on the same database.
 * Meanwhile 500 buyers hold a socket open on the hub: every purchase pushes
 * `{type:'seckill', item_id, left}` to all of them, and the push figure is the time from a
 * purchase's reply to its push at the last of the 500 sockets.
 *
 * "At once": every buy is started together, at most `inFlight` on the wire at a time (a pool):
 * all 2,000 by default, which exhausts nothing here (no refused or reset connection, no 5xx, on
 * loopback); SECKILL_IN_FLIGHT=500 measures a pool of 500 instead. With several storefront nodes the buyers and the sockets are dealt over them in
 * turn, and the bare route runs as many processes. Each round is the whole load on both targets,
 * on fresh items; a warm-up round goes first; the figures are the median round's (./hot-sku.ts).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { signHeaders, type AppCredentials } from '@kernel/server/pipeline/signature';
import { medianRound } from './hot-sku';
import { percentile, replyFigures, succeeded, timedPost, type Attempt } from './http';

export interface SeckillSettings {
  buyers: number;
  /** The item's flash stock (the storefront's and the bare route's, each round). */
  stock: number;
  quota: number;
  /** Buys on the wire at once, at most (a pool over all the buyers). */
  inFlight: number;
  /** Open hub sockets, one buyer each, that every push must reach. */
  sockets: number;
  /** Rounds of the whole load on both targets, after one warm-up round. */
  rounds: number;
  /** How long after the last reply the pushes may still arrive. */
  pushWaitMs: number;
}

export const SECKILL: SeckillSettings = {
  buyers: 2000,
  stock: 100,
  quota: 1,
  inFlight: Number(process.env.SECKILL_IN_FLIGHT ?? 2000),
  sockets: 500,
  rounds: Number(process.env.SECKILL_ROUNDS ?? 3),
  pushWaitMs: 10_000,
};

export interface SeckillRun {
  attempts: number;
  attemptsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Buys answered code 1: an order (the storefront) or the writes done (the bare route). */
  orders: number;
  /** Refused as sold out (已抢光). */
  soldOut: number;
  /** Code 0 for another reason (e.g. "busy", over the quota), with the messages seen. */
  otherRefusals: number;
  otherMessages: string[];
  serverErrors: number;
  /** What the 5xx replies said (599: the request itself failed, e.g. a reset connection). */
  serverErrorMessages: string[];
  /** The item's row afterwards. */
  stock: number;
  sold: number;
  /** Buyers above the quota on the item, by its counters. */
  overQuota: number;
  /** Sold above the stock, or orders and sold units apart, or a buyer above the quota. */
  oversold: boolean;
  /** CPU milliseconds the target's processes used per attempt while measured (null: not known). */
  cpuMsPerAttempt: number | null;
}

/** From each purchase's reply (in reply order) to the same number of pushes at the last socket. */
export interface PushFigures {
  sockets: number;
  /** Sockets that were still open when the round ended. */
  openAfter: number;
  purchases: number;
  /** Pushes expected (purchases × sockets) that did not arrive within `pushWaitMs`. */
  lost: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface SeckillRound {
  storefront: SeckillRun;
  bare: SeckillRun;
  throughputRatio: number;
  p99Ratio: number;
  push: PushFigures;
}

/** The median round (./hot-sku.ts `medianRound`), every round beside it. */
export interface SeckillFigures extends SeckillRound {
  database: 'SQLite' | 'PostgreSQL';
  nodes: number;
  settings: SeckillSettings;
  /** `os.loadavg()` as the measured part began. */
  loadAverage: number[];
  rounds: SeckillRound[];
}

export interface Buyer {
  userId: number;
  token: string;
  addressId: number;
}

/** One flash-sale item as both targets see it. */
export interface SaleItem {
  itemId: number;
  goodsId: number;
  skuId: number;
}

export interface SeckillTargets {
  /** The storefront nodes (`http://127.0.0.1:<port>/`) and the bare route's processes (their seckill URL). */
  storefronts: string[];
  bares: string[];
  app: AppCredentials;
  /** The hub's path (the site's `wss`). */
  hubPath: string;
  buyers: Buyer[];
  /** A session running now with one item for each target (fresh stock and quota counters). */
  newItems(): Promise<{ storefront: SaleItem; bare: SaleItem }>;
  itemState(itemId: number): Promise<{ stock: number; sold: number; overQuota: number }>;
  loadAverage(): number[];
  cpuSeconds?(target: 'storefront' | 'bare'): number | null;
}

/** A hub socket that notes when each push about an item arrives. */
interface Listener {
  socket: WebSocket;
  /** item id → `performance.now()` of each push about it, in arrival order. */
  pushes: Map<number, number[]>;
}

function listen(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const pushes = new Map<number, number[]>();
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type?: string; item_id?: number };
      if (message.type !== 'seckill' || typeof message.item_id !== 'number') return;
      const list = pushes.get(message.item_id) ?? [];
      list.push(at);
      pushes.set(message.item_id, list);
    });
    socket.once('open', () => {
      // A socket dropped later shows as one not open (and its pushes lost), not as a crash.
      socket.on('error', () => undefined);
      resolve({ socket, pushes });
    });
    socket.once('error', reject);
  });
}

/** `count` sockets, one buyer's token each, dealt over the nodes in turn; opened `batch` at a time. */
async function openSockets(targets: SeckillTargets, count: number, batch = 50): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let i = 0; i < count; i += batch) {
    const chunk = targets.buyers.slice(i, Math.min(count, i + batch));
    listeners.push(...(await Promise.all(chunk.map((buyer, k) => {
      const base = targets.storefronts[(i + k) % targets.storefronts.length];
      return listen(`${base.replace(/^http/, 'ws').replace(/\/$/, '')}${targets.hubPath}?token=${encodeURIComponent(buyer.token)}`);
    }))));
  }
  return listeners;
}

/** One attempt per buyer, all started together, at most `inFlight` on the wire. */
async function pool(count: number, inFlight: number, attempt: (i: number) => Promise<Attempt>): Promise<{ attempts: Attempt[]; seconds: number }> {
  const attempts: Attempt[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, async () => {
    while (next < count) attempts.push(await attempt(next++));
  }));
  return { attempts, seconds: (performance.now() - started) / 1000 };
}

const isSoldOut = (a: Attempt) => a.status < 500 && a.code === 0 && a.msg.includes('抢光');

function runFigures(attempts: Attempt[], seconds: number, item: { stock: number; sold: number; overQuota: number }, cpuSeconds: number | null): SeckillRun {
  const orders = succeeded(attempts);
  return {
    ...replyFigures(attempts, seconds, isSoldOut, cpuSeconds),
    orders,
    soldOut: attempts.filter(isSoldOut).length,
    ...item,
    oversold: item.sold > item.stock || orders !== item.sold || item.overQuota > 0,
  };
}

/**
 * The k-th purchase (by reply time) has reached every socket once every socket has heard k
 * pushes about the item: its figure is the last socket's k-th arrival minus the k-th reply.
 * (A push names no order, and two pushes may carry the same `left`, so they are matched by count.)
 */
export function pushLatencies(replies: readonly number[], arrivals: readonly (readonly number[])[]): { latencies: number[]; lost: number } {
  const sortedReplies = [...replies].sort((a, b) => a - b);
  const sortedArrivals = arrivals.map((list) => [...list].sort((a, b) => a - b));
  const latencies: number[] = [];
  let lost = 0;
  for (const [k, reply] of sortedReplies.entries()) {
    const kth = sortedArrivals.map((list) => list[k]);
    lost += kth.filter((t) => t === undefined).length;
    const heard = kth.filter((t): t is number => t !== undefined);
    if (heard.length === kth.length && heard.length > 0) latencies.push(Math.max(...heard) - reply);
  }
  return { latencies, lost };
}

async function waitForPushes(listeners: readonly Listener[], itemId: number, expected: number, waitMs: number): Promise<void> {
  const deadline = performance.now() + waitMs;
  const complete = () => listeners.every((l) => l.socket.readyState !== WebSocket.OPEN || (l.pushes.get(itemId)?.length ?? 0) >= expected);
  while (!complete() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

export async function benchSeckill(database: SeckillFigures['database'], targets: SeckillTargets, settings: SeckillSettings = SECKILL): Promise<SeckillFigures> {
  const { app, buyers, storefronts, bares } = targets;
  if (buyers.length < settings.buyers) throw new Error(`${buyers.length} buyers made, the bench needs ${settings.buyers}`);
  const run = Date.now().toString(36);
  const listeners = await openSockets(targets, settings.sockets);

  const storefrontBuy = (item: SaleItem, tag: string) => (i: number) => {
    const buyer = buyers[i];
    return timedPost(new URL('/api/order/confirm', storefronts[i % storefronts.length]).toString(), { Token: buyer.token, ...signHeaders(app, Date.now()) }, {
      source: 'seckill', goods_id: item.goodsId, sku_id: item.skuId, num: 1, address_id: buyer.addressId, request_key: `sk-${run}-${tag}-${i}`,
    });
  };
  const bareBuy = (item: SaleItem) => (i: number) => timedPost(bares[i % bares.length], {}, { user_id: buyers[i].userId, item_id: item.itemId, num: 1 });

  const measure = async (target: 'storefront' | 'bare', item: SaleItem, attempt: (i: number) => Promise<Attempt>) => {
    const cpuBefore = targets.cpuSeconds?.(target) ?? null;
    const { attempts, seconds } = await pool(settings.buyers, settings.inFlight, attempt);
    const cpuAfter = targets.cpuSeconds?.(target) ?? null;
    const figures = runFigures(attempts, seconds, await targets.itemState(item.itemId), cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore);
    return { figures, replies: attempts.filter((a) => a.status < 500 && a.code === 1).map((a) => a.at) };
  };

  try {
    const warmup = await targets.newItems();
    await pool(settings.buyers, settings.inFlight, storefrontBuy(warmup.storefront, 'warm'));
    await pool(settings.buyers, settings.inFlight, bareBuy(warmup.bare));

    const loadAverage = targets.loadAverage();
    const rounds: SeckillRound[] = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      const items = await targets.newItems();
      const storefront = await measure('storefront', items.storefront, storefrontBuy(items.storefront, `r${round}`));
      await waitForPushes(listeners, items.storefront.itemId, storefront.replies.length, settings.pushWaitMs);
      const { latencies, lost } = pushLatencies(storefront.replies, listeners.map((l) => l.pushes.get(items.storefront.itemId) ?? []));
      latencies.sort((a, b) => a - b);
      const push: PushFigures = {
        sockets: listeners.length,
        openAfter: listeners.filter((l) => l.socket.readyState === WebSocket.OPEN).length,
        purchases: storefront.replies.length,
        lost,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: latencies.length ? latencies[latencies.length - 1] : Number.NaN,
      };
      const bare = (await measure('bare', items.bare, bareBuy(items.bare))).figures;
      rounds.push({
        storefront: storefront.figures,
        bare,
        throughputRatio: bare.attemptsPerSecond > 0 ? storefront.figures.attemptsPerSecond / bare.attemptsPerSecond : 0,
        p99Ratio: bare.p99Ms > 0 ? storefront.figures.p99Ms / bare.p99Ms : Number.POSITIVE_INFINITY,
        push,
      });
    }
    return { database, nodes: storefronts.length, settings, loadAverage, ...medianRound(rounds), rounds };
  } finally {
    for (const listener of listeners) listener.socket.close();
  }
}

/** Over every round: how far orders and "sold out" were from exactly the stock and the rest. */
export function exactnessMiss(figures: Pick<SeckillFigures, 'rounds' | 'settings'>): number {
  const { stock, buyers } = figures.settings;
  return Math.max(0, ...figures.rounds.map((r) => Math.abs(r.storefront.orders - stock) + Math.abs(r.storefront.soldOut - (buyers - stock))));
}
