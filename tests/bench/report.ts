/** The bench's figures as a printed table, and the budgets of issue #2 beside them. Pure. */
import type { LoadFigures, LoadSettings, SameRows } from './api';
import type { ChunkSize } from './bundle';
import type { LoadPhases } from './lcp';
import type { ChatFigures } from './chat';
import type { OrderFigures } from './orders';

export interface LcpFigures {
  throttle: number;
  median: number;
  fcpMedian: number;
  /** Every load's LCP; 0 for a load that painted nothing (left out of the medians). */
  samples: number[];
  /** The largest element of the median sample, and when that load's phases ended. */
  element: string;
  phases: LoadPhases;
}

export interface BenchFigures {
  startedAt: string;
  environment: { node: string; cpus: number; chromium: string };
  bundle: {
    homeScripts: string[];
    homeScriptsGzip: number;
    homeStylesheets: string[];
    homeStylesheetsGzip: number;
    chunks: ChunkSize[];
  };
  lcp: LcpFigures[];
  api: {
    payload: Record<string, unknown>;
    settings: LoadSettings;
    sameRows: SameRows;
    storefront: LoadFigures;
    bare: LoadFigures;
    ratio: number;
  };
  orders: OrderFigures;
  chat: ChatFigures;
  budgets: Budget[];
  seconds: number;
}

export interface Budget {
  figure: string;
  value: number;
  limit: number;
  unit: 'kB' | 'ms' | '%' | 'count';
  /** `max`: the value must not exceed the limit; `min`: it must reach it. */
  kind: 'max' | 'min';
  met: boolean;
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const latency = (value: number) => `${value.toFixed(1)} ms`;
const num = (value: number) => Math.round(value).toLocaleString('en');

export function budget(figure: string, value: number, unit: Budget['unit'], kind: Budget['kind'], limit: number): Budget {
  return { figure, value, limit, unit, kind, met: kind === 'max' ? value <= limit : value >= limit };
}

function budgetValue(b: Budget, value: number): string {
  if (b.unit === 'kB') return kB(value * 1000);
  if (b.unit === 'ms') return ms(value);
  if (b.unit === 'count') return value.toFixed(0);
  return `${value.toFixed(0)} %`;
}

/** Columns padded to their widest cell; numbers (cells that start with a digit) right-aligned. */
export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (/^[\d≤≥<]/.test(cell) && i > 0 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

export function formatReport(f: BenchFigures): string {
  const out: string[] = [];
  const section = (title: string, lines: string[]) => out.push('', title, ...lines.map((l) => `  ${l}`));
  out.push(`Storefront bench — ${f.startedAt} · node ${f.environment.node} · ${f.environment.cpus} CPUs · ${f.environment.chromium}`);

  section('Budgets (issue #2; the bench reports, it does not fail)', table([
    ['figure', 'value', 'budget', ''],
    ...f.budgets.map((b) => [b.figure, budgetValue(b, b.value), `${b.kind === 'max' ? '≤' : '≥'} ${budgetValue(b, b.limit)}`, b.met ? 'ok' : 'MISSED']),
  ]));

  const { bundle } = f;
  const onHome = new Set([...bundle.homeScripts, ...bundle.homeStylesheets].map((p) => p.replace(/^assets\//, '')));
  const js = bundle.chunks.filter((c) => c.file.endsWith('.js'));
  const css = bundle.chunks.filter((c) => c.file.endsWith('.css'));
  const sum = (chunks: ChunkSize[]) => chunks.reduce((total, c) => total + c.gzip, 0);
  section('Bundle (gzip level 9; "home" = fetched by a cold load of /#/)', [
    `home route: ${bundle.homeScripts.length} scripts = ${kB(bundle.homeScriptsGzip)} JS, ${bundle.homeStylesheets.length} stylesheets = ${kB(bundle.homeStylesheetsGzip)} CSS`,
    `all chunks: ${js.length} JS = ${kB(sum(js))}, ${css.length} CSS = ${kB(sum(css))}`,
    ...table([
      ['chunk', 'raw', 'gzip', 'home'],
      ...bundle.chunks.map((c) => [c.file, kB(c.bytes), kB(c.gzip), onHome.has(c.file) ? 'yes' : '']),
    ]),
  ]);

  section('Home LCP (cold loads: fresh context, empty cache; CDP CPU throttling)', table([
    ['throttle', 'LCP median', 'samples (ms)', 'FCP median', 'largest element'],
    ...f.lcp.map((l) => [`${l.throttle}×`, ms(l.median), l.samples.map((s) => (s > 0 ? Math.round(s) : '–')).join(' '), ms(l.fcpMedian), l.element]),
  ]));
  const unpainted = f.lcp.reduce((n, l) => n + l.samples.filter((s) => s <= 0).length, 0);
  if (unpainted > 0) out.push(`  – ${unpainted} load(s) reported no LCP within the wait and are left out of the medians`);
  section('Where the median load spent its time (ms from navigation start)', table([
    ['throttle', 'scripts loaded', 'DOMContentLoaded', 'first API call', 'API answered', 'LCP image requested', 'image loaded', 'LCP'],
    ...f.lcp.map((l) => {
      const p = l.phases;
      const cells = [p.scriptsLoaded, p.domContentLoaded, p.firstApiCall, p.apiAnswered, p.lcpImageRequested, p.lcpImageLoaded];
      return [`${l.throttle}×`, ...cells.map((v) => (v > 0 ? ms(v) : '-')), ms(l.median)];
    }),
  ]));

  const { api } = f;
  const rows = api.sameRows;
  section(
    `API: POST ${new URL(api.storefront.url).pathname} ${JSON.stringify(api.payload)}, ${api.settings.connections} connections, ` +
      `${api.settings.seconds} s each (${api.settings.rounds} alternating rounds) after ${api.settings.warmupSeconds} s warm-up, each server in its own process`,
    [
      ...table([
        ['target', 'req/s', 'p50', 'p99 (worst round)', 'requests', 'errors', 'non-2xx'],
        ...(
          [
            ['storefront (kernel pipeline)', api.storefront],
            ['bare Fastify + better-sqlite3', api.bare],
          ] as const
        ).map(([name, r]) => [name, num(r.requestsPerSecond), latency(r.p50Ms), latency(r.p99Ms), num(r.total), String(r.errors), String(r.non2xx)]),
      ]),
      `storefront / bare = ${(api.ratio * 100).toFixed(0)} %`,
      `same rows: ${rows.items.storefront} vs ${rows.items.bare} items, total ${rows.total.storefront} vs ${rows.total.bare}, ` +
        `identical data: ${rows.identical ? 'yes' : 'NO'}`,
    ],
  );
  const o = f.orders;
  section(
    `Orders: POST /api/order/confirm, ${o.settings.shoppers} shoppers × ${o.settings.attemptsPerShopper} attempts on one SKU, ${o.settings.concurrency} in flight`,
    [
      ...table([
        ['attempts', 'placed', 'refused (stock short)', 'other failures', 'orders/s', 'p50', 'p99'],
        [String(o.attempts), String(o.placed), String(o.refusedShort), String(o.otherFailures), num(o.ordersPerSecond), latency(o.p50Ms), latency(o.p99Ms)],
      ]),
      `stock ${o.stockBefore} → ${o.stockAfter}; oversold: ${o.oversold ? 'YES' : 'no (placed = stock taken, never below zero)'}`,
    ],
  );
  const c = f.chat;
  section(
    `Chat: ${c.settings.shoppers} shoppers × ${c.settings.tabsPerShopper} tabs and one staff member on the hub (${c.connections} connections), ${c.settings.rounds} messages each to the staff member`,
    [
      ...table([
        ['messages', 'lost', 'delivered/s', 'delivery p50', 'delivery p99', 'ack p50', 'ack p99'],
        [String(c.messages), String(c.lost), num(c.messagesPerSecond), latency(c.deliveryP50Ms), latency(c.deliveryP99Ms), latency(c.ackP50Ms), latency(c.ackP99Ms)],
      ]),
      'delivery: send → the staff member\'s connection receives it (stored first); ack: send → the sender\'s own tab gets it back with its client id',
    ],
  );
  out.push('', `finished in ${f.seconds.toFixed(0)} s`);
  return out.join('\n');
}
