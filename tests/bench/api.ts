/**
 * `/api/goods/goodsList` under load, beside the bare route serving the same rows: req/s and p99
 * from autocannon, after a warm-up, one target at a time so they never compete for the CPU.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type Options } from 'autocannon';
import { siteFileSchema, type SiteFile } from '@kernel/core/site';
import { signHeaders, type AppCredentials } from '@kernel/server/pipeline/signature';
import { goodsContract } from '@plugins/goods/contract';
import type { GoodsPage } from '@plugins/goods/contract';

export const GOODS_LIST_PATH = goodsContract.goodsList.path;
export const PAYLOAD = { page: 1, limit: 20 };

export interface LoadSettings {
  connections: number;
  /** Per target. */
  warmupSeconds: number;
  /** Measured per target, split into `rounds` turns. */
  seconds: number;
  rounds: number;
}

export interface LoadFigures {
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  errors: number;
  non2xx: number;
}

export interface SameRows {
  items: { storefront: number; bare: number };
  total: { storefront: number; bare: number };
  identical: boolean;
}

/** A site's file as the server reads it (config/sites/<site>.json). */
export function siteFile(root: string, site = 'default'): SiteFile {
  const text = fs.readFileSync(path.join(root, 'config', 'sites', `${site}.json`), 'utf8');
  return siteFileSchema.parse(JSON.parse(text));
}

export function siteCredentials(root: string, site = 'default'): AppCredentials {
  return siteFile(root, site).app;
}

/** Fresh headers: the server refuses a timestamp more than 300 s away, so sign right before each use. */
function requestHeaders(app: AppCredentials): Record<string, string> {
  return { 'Content-Type': 'application/json', Lang: 'zh-cn', ...signHeaders(app, Date.now()) };
}

async function fetchPage(url: string, app: AppCredentials): Promise<GoodsPage> {
  const response = await fetch(url, { method: 'POST', headers: requestHeaders(app), body: JSON.stringify(PAYLOAD) });
  const reply = (await response.json()) as { code: number; msg: string; data: GoodsPage };
  if (response.status !== 200 || reply.code !== 1) {
    throw new Error(`${url} answered ${response.status} code ${reply.code}: ${reply.msg}`);
  }
  return reply.data;
}

/** Both routes answer the same page (same goods, same order, same fields) before either is timed. */
export async function compareRows(storefrontUrl: string, bareUrl: string, app: AppCredentials): Promise<SameRows> {
  const [kernel, bare] = await Promise.all([fetchPage(storefrontUrl, app), fetchPage(bareUrl, app)]);
  return {
    items: { storefront: kernel.list.length, bare: bare.list.length },
    total: { storefront: kernel.total, bare: bare.total },
    identical: isDeepStrictEqual(kernel, bare),
  };
}

/** autocannon's options for the goodsList load: the same call, signed, on every connection. */
export function goodsListLoad(url: string, app: AppCredentials, connections: number, seconds: number): Options {
  return {
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: requestHeaders(app),
    body: JSON.stringify(PAYLOAD),
  };
}

function hammer(url: string, app: AppCredentials, connections: number, seconds: number) {
  return autocannon(goodsListLoad(url, app, connections, seconds));
}

type Round = Awaited<ReturnType<typeof hammer>>;

/**
 * Each target warms up (discarded), then they take turns, `rounds` times: the machine's
 * background load drifts, and alternating spreads that drift over both sides of the ratio.
 */
export async function compareLoad(
  targets: { storefront: string; bare: string },
  app: AppCredentials,
  settings: LoadSettings,
): Promise<{ storefront: LoadFigures; bare: LoadFigures }> {
  const { connections, warmupSeconds, seconds, rounds } = settings;
  await hammer(targets.storefront, app, connections, warmupSeconds);
  await hammer(targets.bare, app, connections, warmupSeconds);
  const results: { storefront: Round[]; bare: Round[] } = { storefront: [], bare: [] };
  for (let i = 0; i < rounds; i += 1) {
    results.storefront.push(await hammer(targets.storefront, app, connections, seconds / rounds));
    results.bare.push(await hammer(targets.bare, app, connections, seconds / rounds));
  }
  return { storefront: summarise(targets.storefront, results.storefront), bare: summarise(targets.bare, results.bare) };
}

/** Percentiles of separate rounds do not merge: p50 is their request-weighted mean, p99 the worst round's. */
function summarise(url: string, rounds: Round[]): LoadFigures {
  const total = rounds.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  return {
    url,
    requestsPerSecond: seconds > 0 ? total / seconds : 0,
    p50Ms: total > 0 ? rounds.reduce((sum, r) => sum + r.latency.p50 * r.requests.total, 0) / total : 0,
    p99Ms: Math.max(...rounds.map((r) => r.latency.p99)),
    total,
    errors: rounds.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
  };
}
