/**
 * `npm run bench` (after `npm run build`): the budgets of issues #2 and #12 as figures — initial JS
 * of the home route, home LCP at 1× and 4× CPU throttle, goodsList req/s and p99 beside a bare
 * route, orders and chat under load; goodsList and orders on PostgreSQL with one node and with two
 * (issue #14, cluster.ts; skipped where PostgreSQL is not installed); a hot SKU beside a bare order
 * route on SQLite and on PostgreSQL (issue #25, hot-sku.ts); a flash sale of 2,000 buyers beside a
 * bare route on SQLite and on PostgreSQL with one node and two (issue #26, seckill.ts); then, in a temporary copy of
 * the project, the home JS with 20 generated plugins and of a small site, and the CLI's timings
 * (copy-bench.ts).
 * The storefront (`storefront start` on a fresh data directory) and the bare route each run in
 * a child process; everything listens on 127.0.0.1. Figures go to the terminal and to
 * tests/bench/last-run.json. Missed budgets are reported, not failed: exit 1 only when the bench breaks.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { GOODS_LIST_PATH, PAYLOAD, compareLoad, compareRows, siteCredentials, type LoadSettings } from './api';
import { chunkSizes, loadedAssets, loadedGzip } from './bundle';
import { floorHtml, homeLcp, homeLcpImage } from './home-lcp';
import { launch } from './lcp';
import { benchChat, type ChatBenchSettings } from './chat';
import { benchCluster, type PostgresFigures } from './cluster';
import { benchInCopy, type CopyBenchFigures, type CopyBenchSettings } from './copy-bench';
import { median } from './http';
import { homeJsOf, type HomeJs } from './home-js';
import type { HotSkuFigures } from './hot-sku';
import { hotSkuOnPostgres, hotSkuOnSqlite } from './hot-sku-setup';
import { benchOrders, type OrderBenchSettings } from './orders';
import { benchPostgres } from './postgres';
import { freePort, startChild, waitUntilReady, type Child } from './processes';
import { budget, formatReport, hotSkuBudgets, searchBudgets, seckillBudgets, type BenchFigures, type Budget } from './report';
import type { SeckillFigures } from './seckill';
import { seckillOnPostgres, seckillOnSqlite } from './seckill-setup';
import type { SearchFigures } from './search';
import { searchOnPostgres, searchOnSqlite } from './search-setup';
import { startStorefront } from './storefront-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = path.join(ROOT, 'dist');
const LAST_RUN = path.join(ROOT, 'tests', 'bench', 'last-run.json');

const LOAD: LoadSettings = { connections: 10, warmupSeconds: 2, seconds: 8, rounds: 2 };
const ORDERS: OrderBenchSettings = { shoppers: 40, attemptsPerShopper: 5, stock: 120, concurrency: 20 };
const CHAT: ChatBenchSettings = { shoppers: 100, tabsPerShopper: 2, rounds: 5 };
/** The demo site's staff member (seeded by the auth plugin). */
const STAFF = { account: 'staff', password: 'staff123456' };
const LCP_LOADS = 5;
const THROTTLES = [1, 4];
/** Seeding a fresh database (generated images included) is the slow part of the start. */
const START_TIMEOUT_MS = 90_000;
const COPY: CopyBenchSettings = { generatedPlugins: 20, cliRounds: 3, togglePlugin: 'cart', startTimeoutMs: START_TIMEOUT_MS };
/**
 * Measured on 2 cores at a load average of 4–7: the checkout's part 85–95 s, the copy's 150–210 s
 * (20 `plugin new` runs at 3.5–5.5 s each, a 3–5 s build, two starts, 40–50 s of CLI timings);
 * at a load average of 10–12, PostgreSQL's part 100 s (a cluster, two node starts, two runs);
 * the hot SKU 15–25 s on SQLite and 40–60 s on PostgreSQL (a node start on a fresh schema);
 * the flash sale (2,000 buyers made, a warm-up and 3 rounds of both targets) 20–30 s on SQLite and
 * 60–80 s on PostgreSQL (a node start, the buyers in 5–9 s, one node, a second node's start, two nodes).
 * Past this the bench stops and says so.
 */
const WATCHDOG_MS = 900_000;

const BUDGET = {
  initialJsKb: 125,
  initialJsStretchKb: 115,
  // Issue #12: ≤ 800 ms at 4× CPU (it was 900 ms before).
  lcp4xMs: 800,
  apiRatioPercent: 50,
  generatedPluginsExtraKb: 2,
  helpMs: 300,
  toggleAppliedMs: 500,
};

const children: Child[] = [];
/** Run on clean-up after the children stop, last registered first. */
const disposers: (() => unknown)[] = [];
let browser: Browser | null = null;
let dataDir: string | null = null;

const step = (message: string) => process.stdout.write(`· ${message}\n`);

const track = (child: Child) => {
  children.push(child);
};

async function startBare(database: string): Promise<string> {
  const port = await freePort();
  const args = ['--import', 'tsx', 'tests/bench/bare-server.ts', '--port', String(port), '--db', database];
  const bare = startChild('bare route', process.execPath, args, ROOT);
  children.push(bare);
  const url = `http://127.0.0.1:${port}${GOODS_LIST_PATH}`;
  const probe = async () => (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).ok;
  await waitUntilReady(bare, probe, 30_000);
  return url;
}

async function bench(): Promise<BenchFigures> {
  const started = Date.now();
  const loadAverage = os.loadavg();
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`no built app in ${DIST}: run \`npm run build\` first`);

  step('starting the storefront on a fresh data directory…');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const { base, database } = await startStorefront(ROOT, dataDir, { timeoutMs: START_TIMEOUT_MS, track });
  step(`storefront at ${base} (${((Date.now() - started) / 1000).toFixed(1)} s); starting the bare route…`);
  const bareUrl = await startBare(database);

  step(`home LCP: 1 warm-up + ${LCP_LOADS} cold loads at each of ${THROTTLES.map((t) => `${t}×`).join(', ')}…`);
  browser = await launch();
  const { figures: homeFigures, samples } = await homeLcp(browser, `${base}#/`, LCP_LOADS, THROTTLES);
  step('the floor: the same loads of a page of one image (no CSS, no JS)…');
  const { figures: floor } = await homeLcp(browser, `${base}bench-floor`, LCP_LOADS, THROTTLES, floorHtml(await homeLcpImage(base)));
  const lcp = [...homeFigures, ...floor];
  const chromium = `chromium ${browser?.version() ?? '?'}`;
  await browser?.close();
  browser = null;
  // Every sample is one cold load of the same route: the figure is the median load's, not the union.
  const home = homeJsOf(samples, DIST);
  const homeStylesheets = loadedAssets(samples[home.medianLoad].stylesheets, '.css');
  const homeScripts = home.scripts;
  const homeScriptsGzip = home.gzip;

  step(`API: goodsList and the bare route, ${LOAD.warmupSeconds} s warm-up + ${LOAD.seconds} s each in ${LOAD.rounds} alternating rounds…`);
  const app = siteCredentials(ROOT);
  const storefrontUrl = new URL(GOODS_LIST_PATH, base).toString();
  const sameRows = await compareRows(storefrontUrl, bareUrl, app);
  const { storefront, bare } = await compareLoad({ storefront: storefrontUrl, bare: bareUrl }, app, LOAD);
  const ratio = bare.requestsPerSecond > 0 ? storefront.requestsPerSecond / bare.requestsPerSecond : 0;

  step(`orders: ${ORDERS.shoppers} shoppers × ${ORDERS.attemptsPerShopper} attempts on one SKU with ${ORDERS.stock} in stock, ${ORDERS.concurrency} at once…`);
  const orders = await orderLoad(base, app, database);
  const hotSku: HotSkuFigures[] = [await hotSkuOnSqlite(ROOT, base, database, { track, step, startTimeoutMs: START_TIMEOUT_MS })];
  const seckill: SeckillFigures[] = [await seckillOnSqlite(ROOT, base, database, { track, step, startTimeoutMs: START_TIMEOUT_MS })];
  const search: SearchFigures[] = [await searchOnSqlite(ROOT, { track, step, startTimeoutMs: START_TIMEOUT_MS })];

  step(`chat: ${CHAT.shoppers} shoppers × ${CHAT.tabsPerShopper} tabs connected, ${CHAT.rounds} messages each to one staff member…`);
  const chat = await benchChat(base, app, STAFF, CHAT);
  // The figures that follow are timings too: nothing of this checkout's part keeps running beside them.
  await Promise.all(children.map((c) => c.stop()));

  const postgres = await postgresLoad(hotSku, seckill, search);

  const copy = await benchInCopy(COPY, { distDir: DIST, track, defer: (dispose) => disposers.push(dispose), step });

  const lcp4x = homeFigures.find((l) => l.throttle === 4);
  return {
    startedAt: new Date(started).toISOString(),
    environment: { node: process.version, cpus: os.availableParallelism(), chromium, loadAverage },
    bundle: {
      homeLanguage: home.language,
      homeLoads: home.loads,
      homeScripts,
      homeScriptsGzip,
      homeTransferred: home.transferred,
      homeStylesheets,
      homeStylesheetsGzip: loadedGzip(DIST, homeStylesheets),
      chunks: chunkSizes(DIST),
    },
    lcp,
    api: { payload: PAYLOAD, settings: LOAD, sameRows, storefront, bare, ratio },
    orders,
    chat,
    postgres,
    hotSku,
    seckill,
    search,
    copy,
    budgets: [
      budget('initial JS of the home route (gzip)', homeScriptsGzip / 1000, 'kB', 'max', BUDGET.initialJsKb),
      budget('initial JS of the home route (gzip), stretch', homeScriptsGzip / 1000, 'kB', 'max', BUDGET.initialJsStretchKb),
      ...copyBudgets(copy, home),
      budget(`home LCP at 4× CPU throttle (median of ${LCP_LOADS})`, lcp4x?.median ?? Number.NaN, 'ms', 'max', BUDGET.lcp4xMs),
      budget('goodsList req/s as a share of the bare route', ratio * 100, '%', 'min', BUDGET.apiRatioPercent),
      budget('orders oversold under concurrent placement', orders.oversold ? 1 : 0, 'count', 'max', 0),
      budget('chat messages lost', chat.lost, 'count', 'max', 0),
      ...hotSkuBudgets(hotSku),
      ...seckillBudgets(seckill),
      ...searchBudgets(search),
      ...('runs' in postgres ? postgres.runs.map((r) => budget(`orders oversold on PostgreSQL, ${r.nodes === 1 ? '1 node' : `${r.nodes} nodes`}`, r.orders.oversold ? 1 : 0, 'count', 'max', 0)) : []),
    ],
    seconds: (Date.now() - started) / 1000,
  };
}

/** Issue #12's figures from the project copy, against this checkout's home JS. */
function copyBudgets(copy: CopyBenchFigures, full: HomeJs): Budget[] {
  const { pluginCount, smallSite, cli } = copy;
  const applied = (action: 'enable' | 'disable') => median(cli.toggles.filter((t) => t.action === action).map((t) => t.appliedMs));
  const toggle = (action: 'enable' | 'disable') =>
    budget(`\`plugin ${action} ${cli.plugin}\` → server applied (median of ${cli.rounds})`, applied(action), 'ms', 'below', BUDGET.toggleAppliedMs);
  return [
    budget(`home JS added by ${pluginCount.generated.length} generated plugins (gzip)`, (pluginCount.home.gzip - full.gzip) / 1000, 'kB', 'max', BUDGET.generatedPluginsExtraKb),
    // The home route loads the code of the plugins it shows and no other, so its JS is the full
    // site's at most; what the small site saves is the rest: the enabled plugins' descriptors and labels.
    budget(`home JS of a site of ${smallSite.keep.join(', ')} only, vs the full site`, smallSite.home.gzip / 1000, 'kB', 'max', full.gzip / 1000),
    budget(`all a cold load of /#/ fetches, site of ${smallSite.keep.join(', ')} only, vs the full site on the same server`, smallSite.home.transferred / 1000, 'kB', 'below', smallSite.full.transferred / 1000),
    budget(`\`storefront --help\` (median of ${cli.rounds})`, median(cli.helpMs), 'ms', 'below', BUDGET.helpMs),
    toggle('disable'),
    toggle('enable'),
  ];
}

/** One on-sale SKU set to the bench's stock through the operator command, then shoppers race for it. */
async function orderLoad(base: string, app: ReturnType<typeof siteCredentials>, database: string) {
  const reader = new SQLite(database, { readonly: true, fileMustExist: true });
  try {
    const sku = reader
      .prepare('select s.id as skuId, s.goods_id as goodsId from goods_sku s join goods_goods g on g.id = s.goods_id where g.status = 1 order by s.id limit 1')
      .get() as { skuId: number; goodsId: number };
    execFileSync(process.execPath, ['cli/bin.js', 'goods', 'stock', String(sku.skuId), String(ORDERS.stock), '--data-dir', path.dirname(database)], { cwd: ROOT });
    const stockOf = async () => (reader.prepare('select stock from goods_sku where id = ?').get(sku.skuId) as { stock: number }).stock;
    return await benchOrders(base, app, sku, stockOf, ORDERS);
  } finally {
    reader.close();
  }
}

/**
 * Issue #14: one node, then two, on the bench's PostgreSQL; then issue #25's hot SKU (added to
 * `hotSku`), issue #26's flash sale on one node and two (added to `seckill`) and issue #29's search (added to
 * `search`); its cluster stopped afterwards.
 */
async function postgresLoad(hotSku: HotSkuFigures[], seckill: SeckillFigures[], search: SearchFigures[]): Promise<PostgresFigures> {
  const postgres = benchPostgres(ROOT);
  if ('skipped' in postgres) {
    step(`PostgreSQL: ${postgres.skipped}, skipped`);
    return postgres;
  }
  disposers.push(postgres.stop);
  try {
    // The SQLite rows' load and order race, so the figures sit side by side.
    const settings = { connections: LOAD.connections, warmupSeconds: LOAD.warmupSeconds, seconds: LOAD.seconds, orders: ORDERS, startTimeoutMs: START_TIMEOUT_MS };
    const figures = await benchCluster(ROOT, postgres, settings, { track, step });
    hotSku.push(await hotSkuOnPostgres(ROOT, postgres.url, { track, step, startTimeoutMs: START_TIMEOUT_MS }));
    seckill.push(...(await seckillOnPostgres(ROOT, postgres.url, { track, step, startTimeoutMs: START_TIMEOUT_MS })));
    search.push(await searchOnPostgres(ROOT, postgres.url, { track, step, startTimeoutMs: START_TIMEOUT_MS }));
    return figures;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    postgres.stop();
  }
}

/** Closes the browser, stops every child's process group, then removes the data directory; runs once. */
let cleaning: Promise<void> | null = null;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await browser?.close().catch(() => undefined);
    await Promise.all(children.map((c) => c.stop()));
    for (const dispose of disposers.reverse()) {
      try {
        await dispose();
      } catch {
        // The rest of the clean-up still runs.
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  })();
  return cleaning;
}

function abort(reason: string, code: number): void {
  process.stderr.write(`\nbench stopped: ${reason}\n`);
  void cleanUp().finally(() => process.exit(code));
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => abort(`still running after ${WATCHDOG_MS / 1000} s`, 1), WATCHDOG_MS);
  process.on('SIGINT', () => abort('interrupted', 130));
  process.on('SIGTERM', () => abort('terminated', 143));
  try {
    const figures = await bench();
    writeFileSync(LAST_RUN, `${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`${formatReport(figures)}\nfigures written to ${path.relative(ROOT, LAST_RUN)}\n`);
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
