import { describe, expect, it } from 'vitest';
import type { LoadFigures } from './api';
import type { ClusterFigures } from './cluster';
import type { CopyBenchFigures } from './copy-bench';
import { generatedPlugins } from './generated-plugins';
import type { HotSkuFigures, HotSkuRun } from './hot-sku';
import { budget, budgetLines, formatReport, hotSkuBudgets, searchBudgets, searchSection, seckillBudgets, seckillSection, table, type BenchFigures } from './report';
import type { SeckillFigures, SeckillRound, SeckillRun } from './seckill';

const load = (url: string, requestsPerSecond: number): LoadFigures => ({
  url, requestsPerSecond, p50Ms: 2, p99Ms: 9, total: requestsPerSecond * 8, errors: 0, non2xx: 0,
});

const hotRun = (attemptsPerSecond: number, p99Ms: number, fields: Partial<HotSkuRun> = {}): HotSkuRun => ({
  attempts: 1000, attemptsPerSecond, p50Ms: p99Ms / 3, p99Ms, sold: 600, refusedShort: 400, otherRefusals: 0, otherMessages: [], serverErrors: 0, serverErrorMessages: [], cpuMsPerAttempt: null,
  stockBefore: 600, stockAfter: 0, oversold: false, ...fields,
});
const hotSku = (database: HotSkuFigures['database'], storefront: number, bare: number, p99: number, bareP99: number, fields: Partial<HotSkuRun> = {}): HotSkuFigures => {
  const round = { storefront: hotRun(storefront, p99, fields), bare: hotRun(bare, bareP99), throughputRatio: storefront / bare, p99Ratio: p99 / bareP99 };
  return { database, settings: { shoppers: 40, ordersPerShopper: 25, stock: 600, warmupOrdersPerShopper: 10, rounds: 1 }, loadAverage: [1.5, 2, 2.5], ...round, rounds: [round] };
};

const SECKILL_SETTINGS = { buyers: 2000, stock: 100, quota: 1, inFlight: 500, sockets: 500, rounds: 1, pushWaitMs: 10_000 };
const seckillRun = (attemptsPerSecond: number, p99Ms: number, fields: Partial<SeckillRun> = {}): SeckillRun => ({
  attempts: 2000, attemptsPerSecond, p50Ms: p99Ms / 4, p99Ms, orders: 100, soldOut: 1900, otherRefusals: 0, otherMessages: [], serverErrors: 0, serverErrorMessages: [],
  stock: 100, sold: 100, overQuota: 0, oversold: false, cpuMsPerAttempt: 1.25, ...fields,
});
const seckill = (database: SeckillFigures['database'], nodes: number, storefront: number, bare: number, p99: number, bareP99: number, fields: Partial<SeckillRun> = {}): SeckillFigures => {
  const round: SeckillRound = {
    storefront: seckillRun(storefront, p99, fields),
    bare: seckillRun(bare, bareP99),
    throughputRatio: storefront / bare,
    p99Ratio: p99 / bareP99,
    push: { sockets: 500, openAfter: 500, purchases: 100, lost: 0, p50Ms: 12.5, p99Ms: 48.25, maxMs: 51 },
  };
  return { database, nodes, settings: SECKILL_SETTINGS, loadAverage: [2, 2.5, 3], ...round, rounds: [round] };
};

const copy = (): CopyBenchFigures => ({
  settings: { generatedPlugins: 4, cliRounds: 3, togglePlugin: 'cart', startTimeoutMs: 90_000 },
  fullSite: ['auth', 'home', 'goods', 'member', 'cart', 'order'],
  smallSite: {
    keep: ['home', 'goods', 'auth', 'member'],
    switchedOff: ['order', 'cart'],
    plugins: ['auth', 'home', 'goods', 'member'],
    appliedMs: 240,
    full: { language: 'zh-Hans', loads: [100_000, 100_000, 100_000], medianLoad: 0, scripts: ['assets/index-a2345678.js'], gzip: 100_000, sizes: { 'assets/index-a2345678.js': 100_000 }, transferredLoads: [182_500, 182_500, 182_500], transferred: 182_500 },
    home: { language: 'zh-Hans', loads: [100_000, 100_000, 100_000], medianLoad: 0, scripts: ['assets/index-a2345678.js'], gzip: 100_000, sizes: { 'assets/index-a2345678.js': 100_000 }, transferredLoads: [180_000, 181_000, 182_000], transferred: 181_000 },
  },
  cli: {
    plugin: 'cart',
    rounds: 3,
    nodeMs: [40, 50, 45],
    helpMs: [280, 310, 260],
    setup: 'storefront plugin disable cart --cascade',
    toggles: [
      { action: 'enable', commandMs: 400, appliedMs: 450 },
      { action: 'disable', commandMs: 410, appliedMs: 700 },
      { action: 'enable', commandMs: 390, appliedMs: 430 },
      { action: 'disable', commandMs: 420, appliedMs: 640 },
      { action: 'enable', commandMs: 395, appliedMs: 440 },
      { action: 'disable', commandMs: 415, appliedMs: 660 },
    ],
  },
  pluginCount: {
    generated: generatedPlugins(4),
    newPluginMs: [2_000, 2_400, 2_200, 2_600],
    buildSeconds: 12.5,
    startSeconds: 6.25,
    enabled: ['auth', 'home', 'goods', 'member', 'cart', 'order', 'bench01', 'bench02', 'bench03', 'bench04'],
    home: {
      language: 'zh-Hans',
      loads: [121_500, 121_500, 121_700],
      medianLoad: 1,
      scripts: ['assets/index-c2345678.js', 'assets/zh-Hans-d2345678.js', 'assets/zh-Hans-e2345678.js'],
      gzip: 121_500,
      sizes: { 'assets/index-c2345678.js': 120_300, 'assets/zh-Hans-d2345678.js': 700, 'assets/zh-Hans-e2345678.js': 500 },
      transferredLoads: [205_000, 205_500, 206_000],
      transferred: 205_500,
    },
  },
  seconds: 140,
});

const ORDER_SETTINGS = { shoppers: 40, attemptsPerShopper: 5, stock: 120, concurrency: 20 };

const cluster = (): ClusterFigures => ({
  source: 'a throwaway cluster (tests/pg/cluster.sh)',
  serverVersion: '15.18',
  payload: { page: 1, limit: 20 },
  settings: { connections: 10, warmupSeconds: 2, seconds: 8, orders: ORDER_SETTINGS, startTimeoutMs: 90_000 },
  startSeconds: [16.34, 10.7],
  runs: [1, 2].map((nodes) => ({
    nodes,
    loadAverage: [10.85, 8.17, 5.82],
    goodsList: { ...load('http://127.0.0.1:3/api/goods/goodsList', 100 * nodes), p50Ms: 70 / nodes, p99Ms: 360 / nodes, perNode: nodes === 1 ? [800] : [1_000, 600] },
    orders: {
      settings: ORDER_SETTINGS,
      attempts: 200, placed: 120, refusedShort: 80, otherFailures: 0, ordersPerSecond: 14 + nodes, p50Ms: 390, p99Ms: 5_120,
      stockBefore: 120, stockAfter: nodes === 2 ? -1 : 0, oversold: nodes === 2,
    },
  })),
});

function figures(overrides: Partial<BenchFigures> = {}): BenchFigures {
  return {
    startedAt: '2026-01-01T00:00:00.000Z',
    environment: { node: 'v20.19.0', cpus: 2, chromium: 'chromium 1', loadAverage: [4.5, 5, 6.25] },
    bundle: {
      homeLanguage: 'zh-Hans',
      homeLoads: [120_000, 120_000, 120_000],
      homeScripts: ['assets/index-a2345678.js'],
      homeScriptsGzip: 120_000,
      homeTransferred: 203_000,
      homeStylesheets: ['assets/index-b.css'],
      homeStylesheetsGzip: 4_000,
      chunks: [
        { file: 'index-a2345678.js', bytes: 400_000, gzip: 120_000 },
        { file: 'detail.page-c.js', bytes: 5_000, gzip: 2_000 },
        { file: 'index-b.css', bytes: 9_000, gzip: 4_000 },
      ],
    },
    lcp: [
      { page: 'home', throttle: 4, samples: [800, 850, 900], median: 850, fcpMedian: 600, element: 'img /a.svg',
        phases: { scriptsLoaded: 500, domContentLoaded: 550, firstApiCall: 600, apiAnswered: 650, lcpImageRequested: 700, lcpImageLoaded: 750 } },
      { page: 'floor', throttle: 4, samples: [700, 710, 720], median: 710, fcpMedian: 700, element: 'img /a.svg',
        phases: { scriptsLoaded: 0, domContentLoaded: 100, firstApiCall: 0, apiAnswered: 0, lcpImageRequested: 50, lcpImageLoaded: 90 } },
    ],
    api: {
      payload: { page: 1, limit: 20 },
      settings: { connections: 10, warmupSeconds: 2, seconds: 8, rounds: 2 },
      sameRows: { items: { storefront: 20, bare: 20 }, total: { storefront: 39, bare: 39 }, identical: true },
      storefront: load('http://127.0.0.1:1/api/goods/goodsList', 1_000),
      bare: load('http://127.0.0.1:2/api/goods/goodsList', 4_000),
      ratio: 0.25,
    },
    orders: {
      settings: { shoppers: 40, attemptsPerShopper: 5, stock: 120, concurrency: 20 },
      attempts: 200, placed: 120, refusedShort: 80, otherFailures: 0, ordersPerSecond: 150, p50Ms: 40, p99Ms: 120,
      stockBefore: 120, stockAfter: 0, oversold: false,
    },
    chat: {
      settings: { shoppers: 100, tabsPerShopper: 2, rounds: 5 },
      connections: 201, messages: 500, lost: 0, deliveryP50Ms: 3.2, deliveryP99Ms: 18.4, ackP50Ms: 2.9, ackP99Ms: 17.1, messagesPerSecond: 480,
    },
    postgres: cluster(),
    hotSku: [hotSku('SQLite', 400, 1_000, 90, 40), hotSku('PostgreSQL', 300, 700, 160, 120)],
    seckill: [seckill('SQLite', 1, 600, 1_000, 300, 200), seckill('PostgreSQL', 1, 500, 800, 400, 100), seckill('PostgreSQL', 2, 450, 900, 420, 150)],
    search: [
      { database: 'SQLite', goods: 10_000, queries: 600, concurrency: 8, p50Ms: 12, p99Ms: 48, maxMs: 70, foundMedian: 420, failed: 0 },
      { database: 'PostgreSQL', goods: 10_000, queries: 600, concurrency: 8, p50Ms: 9, p99Ms: 31, maxMs: 40, foundMedian: 420, failed: 0 },
    ],
    copy: copy(),
    budgets: [
      budget('initial JS', 120, 'kB', 'max', 125),
      budget('initial JS, stretch', 120, 'kB', 'max', 115),
      budget('API share', 25, '%', 'min', 50),
      budget('oversold', 0, 'count', 'max', 0),
      budget('storefront --help', 280, 'ms', 'below', 300),
    ],
    seconds: 50,
    ...overrides,
  };
}

describe('budgets', () => {
  it('meets a ceiling at or under it and misses it above', () => {
    expect(budget('js', 130, 'kB', 'max', 130).met).toBe(true);
    expect(budget('js', 130.1, 'kB', 'max', 130).met).toBe(false);
  });

  it('meets a floor at or over it and misses it below', () => {
    expect(budget('share', 50, '%', 'min', 50).met).toBe(true);
    expect(budget('share', 49.9, '%', 'min', 50).met).toBe(false);
  });

  it('meets an "under" limit only strictly below it', () => {
    expect(budget('help', 299, 'ms', 'below', 300).met).toBe(true);
    expect(budget('help', 300, 'ms', 'below', 300).met).toBe(false);
  });

  it('counts a figure that could not be measured as missed', () => {
    expect(budget('lcp', Number.NaN, 'ms', 'max', 900).met).toBe(false);
  });
});

describe('table', () => {
  it('pads columns to the widest cell and right-aligns numbers', () => {
    expect(table([['name', 'size'], ['a', '1 kB'], ['longer', '10 kB']])).toEqual([
      'name    size',
      'a        1 kB',
      'longer  10 kB',
    ]);
  });
});

describe('formatReport', () => {
  const text = formatReport(figures());

  it('prints each budget with its verdict', () => {
    expect(text).toMatch(/initial JS\s+120\.0 kB\s+≤ 125\.0 kB\s+ok/);
    expect(text).toMatch(/initial JS, stretch\s+120\.0 kB\s+≤ 115\.0 kB\s+MISSED/);
    expect(text).toMatch(/API share\s+25 %\s+≥ 50 %\s+MISSED/);
    expect(text).toMatch(/storefront --help\s+280 ms\s+< 300 ms\s+ok/);
  });

  it('says the home figure is one load, the median, and in which language', () => {
    expect(text).toContain('home route, the median of 3 cold loads in zh-Hans: 1 scripts = 120.0 kB JS, 1 stylesheets = 4.0 kB CSS; the loads: 120.0 kB each');
  });

  it('marks the chunks the home route loaded', () => {
    expect(text).toMatch(/index-a2345678\.js\s+400\.0 kB\s+120\.0 kB\s+yes/);
    expect(text).toMatch(/detail\.page-c\.js\s+5\.0 kB\s+2\.0 kB\n/);
  });

  it("prints the home route's LCP beside the machine's floor (one image, no CSS or JS)", () => {
    expect(text).toMatch(/home \/#\/\s+4×\s+850 ms/);
    expect(text).toMatch(/floor: one <img>, no CSS or JS\s+4×\s+710 ms/);
  });

  it('shows a load that painted nothing as a gap and says it was left out', () => {
    const unpainted = figures();
    unpainted.lcp[0].samples = [800, 0, 900];
    expect(formatReport(unpainted)).toMatch(/800 – 900[\s\S]*1 load\(s\) reported no LCP/);
    expect(text).not.toContain('reported no LCP');
  });

  it('prints order placement and whether anything was oversold', () => {
    expect(text).toMatch(/200\s+120\s+80\s+0\s+150\s+40\.0 ms\s+120\.0 ms/);
    expect(text).toContain('stock 120 → 0; oversold: no (placed = stock taken, never below zero)');
    expect(text).toMatch(/oversold\s+0\s+≤ 0\s+ok/);
  });

  it('prints chat delivery and ack latency with the connections and what was lost', () => {
    expect(text).toContain('100 shoppers × 2 tabs and one staff member on the hub (201 connections), 5 messages each');
    expect(text).toMatch(/500\s+0\s+480\s+3\.2 ms\s+18\.4 ms\s+2\.9 ms\s+17\.1 ms/);
  });

  it('prints the load average the bench began at', () => {
    expect(text).toContain('2 CPUs, load average 4.50 5.00 6.25 at the start');
  });

  it('prints PostgreSQL with one node beside two: goodsList, requests per node, orders, oversell and the load average', () => {
    expect(text).toContain('PostgreSQL 15.18 (a throwaway cluster (tests/pg/cluster.sh), a fresh schema): 1 node, then 2 on the same schema.');
    expect(text).toMatch(/\n {2}1\s+100\s+70\.0 ms\s+360\.0 ms\s+800\s+0\s+0\s+15\s+390\.0 ms\s+5120\.0 ms\s+120\s+80\s+0\s+no\s+10\.85 8\.17 5\.82\n/);
    expect(text).toMatch(/\n {2}2\s+200\s+35\.0 ms\s+180\.0 ms\s+1,000 \+ 600\s+0\s+0\s+16\s+.*\sYES\s/);
    expect(text).toContain('node starts: 1: 16.3 s (seeds the demo shop), 2: 10.7 s');
    expect(text).toContain('the 2-node row shows correctness and overhead, not scale-out');
  });

  it('prints the hot SKU beside the bare order route on each database, with the ratios against their targets', () => {
    expect(text).toMatch(/SQLite\s+storefront\s+400\s+30\.0 ms\s+90\.0 ms\s+–\s+600\s+400\s+0\s+0\s+600 → 0\s+1\.50 2\.00 2\.50\n/);
    expect(text).toMatch(/PostgreSQL\s+bare route\s+700\s+40\.0 ms\s+120\.0 ms\s+–\s+600\s+400\s+0\s+0\s+600 → 0/);
    expect(text).toContain('SQLite: storefront / bare = 40 % of the attempts/s (target ≥ 50 %), p99 2.25× (target ≤ 3×)');
    expect(text).toContain('PostgreSQL: storefront / bare = 43 % of the attempts/s (target ≥ 50 %), p99 1.33× (target ≤ 3×)');
  });

  it('holds the hot SKU to its targets: half the bare throughput, 3× its p99, nothing oversold, no 5xx', () => {
    const met = (run: HotSkuFigures) => hotSkuBudgets([run]).map((b) => [b.figure.replace(/^hot SKU on \w+: /, ''), b.met]);
    expect(met(hotSku('SQLite', 500, 1_000, 90, 30))).toEqual([
      ['attempts/s as a share of the bare route', true],
      ["p99 as a multiple of the bare route's", true],
      ['units sold above the stock', true],
      ['5xx replies', true],
    ]);
    expect(met(hotSku('PostgreSQL', 499, 1_000, 91, 30, { sold: 601, serverErrors: 2, otherRefusals: 2, otherMessages: ['系统繁忙，请稍后重试'] })).map(([, ok]) => ok)).toEqual([false, false, false, false]);
  });

  it('prints the flash sale beside the bare route on each database and node count, with the push to the sockets', () => {
    expect(text).toContain('Flash sale (issue #26): 2000 buyers (distinct accounts, signed calls), one buy each at once (500 in flight), on one goods with a flash stock of 100, quota 1;');
    expect(text).toMatch(/SQLite\s+1\s+storefront\s+600\s+75\.0 ms\s+300\.0 ms\s+1\.25 ms\s+100\s+1900\s+0\s+0\s+100 \/ 100\s+2\.00 2\.50 3\.00\n/);
    expect(text).toMatch(/PostgreSQL\s+2\s+bare route\s+900\s+37\.5 ms\s+150\.0 ms/);
    expect(text).toContain('SQLite: storefront / bare = 60 % of the attempts/s (target ≥ 50 %), p99 1.50× (target ≤ 3×); push to the last of 500 sockets: p50 12.5 ms, p99 48.3 ms, max 51.0 ms over 100 purchases, 0 lost');
    expect(text).toContain('PostgreSQL, 1 node: storefront / bare = 63 % of the attempts/s (target ≥ 50 %), p99 4.00× (target ≤ 3×)');
    expect(text).toContain('PostgreSQL, 2 nodes: storefront / bare = 50 %');
    expect(seckillSection([])).toEqual(['Flash sale: not measured', []]);
  });

  it('prints the search latency over 10,000 goods on each database, held to a p99 of 250 ms and no failed reply', () => {
    expect(text).toContain('Search (issue #29): 10000 goods on sale, signed goodsList calls with one- and two-word keywords (');
    expect(text).toMatch(/SQLite\s+600\s+12\.0 ms\s+48\.0 ms\s+70\.0 ms\s+420\s+0\n/);
    expect(searchSection([])).toEqual(['Search: not measured', []]);
    const run = { database: 'SQLite' as const, goods: 10_000, queries: 600, concurrency: 8, p50Ms: 100, p99Ms: 251, maxMs: 300, foundMedian: 1, failed: 2 };
    expect(searchBudgets([run]).map((b) => b.met)).toEqual([false, false]);
    expect(searchBudgets([{ ...run, p99Ms: 250, failed: 0 }]).map((b) => b.met)).toEqual([true, true]);
  });

  it('holds the flash sale to its targets: half the bare throughput, 3× its p99, exactly 100 orders and 1,900 sold out, nothing oversold, no 5xx', () => {
    const met = (run: SeckillFigures) => seckillBudgets([run]).map((b) => [b.figure.replace(/^flash sale on [^:]+: /, ''), b.met]);
    expect(met(seckill('SQLite', 1, 500, 1_000, 90, 30))).toEqual([
      ['attempts/s as a share of the bare route', true],
      ["p99 as a multiple of the bare route's", true],
      ['orders and "sold out" off 100 and 1900 (worst round)', true],
      ['oversold or over the quota (any round)', true],
      ['5xx replies', true],
    ]);
    const wrong = seckill('PostgreSQL', 2, 499, 1_000, 91, 30, { orders: 99, soldOut: 1899, otherRefusals: 2, serverErrors: 1, overQuota: 1, oversold: true });
    expect(met(wrong).map(([, ok]) => ok)).toEqual([false, false, false, false, false]);
    expect(seckillBudgets([wrong])[2]).toMatchObject({ figure: 'flash sale on PostgreSQL, 2 nodes: orders and "sold out" off 100 and 1900 (worst round)', value: 2 });
  });

  it('prints budgets as a table of figure, value, budget and verdict', () => {
    expect(budgetLines([budget('share', 49, '%', 'min', 50), budget('p99', 1.5, '×', 'max', 3)])).toEqual([
      'figure  value  budget',
      'share    49 %   ≥ 50 %  MISSED',
      'p99     1.50×  ≤ 3.00×  ok',
    ]);
  });

  it('says PostgreSQL was skipped, and why, when there is none', () => {
    expect(formatReport(figures({ postgres: { skipped: 'not installed' } }))).toContain('\nPostgreSQL: not installed, skipped\n');
  });

  it('prints the ratio and whether both routes served the same rows', () => {
    expect(text).toContain('storefront / bare = 25 %');
    expect(text).toContain('same rows: 20 vs 20 items, total 39 vs 39, identical data: yes');
    const differing = figures();
    differing.api.sameRows = { items: { storefront: 20, bare: 10 }, total: { storefront: 39, bare: 39 }, identical: false };
    expect(formatReport(differing)).toContain('identical data: NO');
  });

  it('prints the home JS of the checkout, with the generated plugins and of the small site, against the checkout', () => {
    expect(text).toMatch(/this checkout, all enabled\s+6\s+1\s+120\.0 kB\s+120\.0 kB each\s+203\.0 kB\n/);
    expect(text).toMatch(/\+ 4 generated, all enabled\s+10\s+3\s+121\.5 kB\s+\+1\.5 kB\s+121\.5 kB–121\.7 kB\s+205\.5 kB\s+\+2\.5 kB\n/);
    expect(text).toMatch(/copy, all enabled, just before\s+6\s+1\s+100\.0 kB\s+-20\.0 kB\s+100\.0 kB each\s+182\.5 kB\s+-20\.5 kB\n/);
    expect(text).toMatch(/only home, goods, auth, member\s+4\s+1\s+100\.0 kB\s+-20\.0 kB\s+100\.0 kB each\s+181\.0 kB\s+-22\.0 kB\n/);
    expect(text).toContain("the server applied it 240 ms after the write; all it fetches vs the same server's full site just before: -1.5 kB");
    expect(text).toContain("+ 4 generated, what differs from this checkout's home by chunk: zh-Hans (0 → 2 files) +1.2 kB, index +0.3 kB");
    expect(text).toContain('only home, goods, auth, member, what differs: index -20.0 kB');
    expect(text).toContain('generated: home.grid ×2, member.services ×1, member.wallet ×1; 1 without a server side');
    expect(text).toContain('`storefront plugin new`: median 2.3 s each, 9.2 s for 4; `npm run build` 12.5 s; start 6.3 s');
    expect(text).toContain('small site: switched off order, cart (dependants first); the server applied it 240 ms after the write');
  });

  it('prints each CLI command\'s median and samples, and for a toggle when the server applied it', () => {
    expect(text).toMatch(/node -e 0 .*\s+45 ms\s+40 50 45\n/);
    expect(text).toMatch(/storefront --help\s+280 ms\s+280 310 260\n/);
    expect(text).toMatch(/storefront plugin disable cart\s+415 ms\s+410 420 415\s+660 ms\s+700 640 660/);
    expect(text).toMatch(/storefront plugin enable cart\s+395 ms\s+400 390 395\s+440 ms\s+450 430 440/);
    expect(text).toContain('first, not counted: `storefront plugin disable cart --cascade`');
  });
});
