/**
 * `npx tsx tests/bench/hot-sku-only.ts [--sqlite-only|--postgres-only]` (after `npm run build`):
 * only issue #25's hot SKU beside the bare order route, on a fresh SQLite storefront and on the
 * PostgreSQL `npm run bench` finds ($STOREFRONT_BENCH_DATABASE_URL, else a throwaway cluster).
 * `npm run bench` measures the same way, beside everything else. Its "CPU/attempt" column is each
 * server's own CPU time per attempt (steadier than attempts/s on a busy machine);
 * `STOREFRONT_BENCH_CPU_PROF=<dir>` makes each storefront write a V8 CPU profile there as it stops.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { HotSkuFigures } from './hot-sku';
import { hotSkuOnFreshSqlite, hotSkuOnPostgres } from './hot-sku-setup';
import { benchPostgres } from './postgres';
import type { Child } from './processes';
import { hotSkuBudgets, hotSkuSection, table } from './report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'sqlite-only': { type: 'boolean' }, 'postgres-only': { type: 'boolean' } } });
  const children: Child[] = [];
  const hooks = { track: (child: Child) => children.push(child), step: (m: string) => process.stdout.write(`· ${m}\n`), startTimeoutMs: 120_000 };
  const runs: HotSkuFigures[] = [];
  process.stdout.write(`load average at the start: ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}\n`);
  try {
    if (!values['postgres-only']) runs.push(await hotSkuOnFreshSqlite(ROOT, hooks));
    if (!values['sqlite-only']) {
      const postgres = benchPostgres(ROOT);
      if ('skipped' in postgres) hooks.step(`PostgreSQL: ${postgres.skipped}, skipped`);
      else {
        try {
          runs.push(await hotSkuOnPostgres(ROOT, postgres.url, hooks));
        } finally {
          postgres.stop();
        }
      }
    }
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
  const [title, lines] = hotSkuSection(runs);
  process.stdout.write(`\n${title}\n${lines.map((line) => `  ${line}\n`).join('')}`);
  const budgets = hotSkuBudgets(runs);
  process.stdout.write(`${table([['figure', 'value', 'target', ''], ...budgets.map((b) => [b.figure, b.unit === '×' ? `${b.value.toFixed(2)}×` : `${b.value.toFixed(0)}${b.unit === '%' ? ' %' : ''}`, `${b.kind === 'min' ? '≥' : '≤'} ${b.limit}`, b.met ? 'ok' : 'MISSED'])]).map((l) => `  ${l}`).join('\n')}\n`);
  process.stdout.write(`${JSON.stringify(runs)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`hot-SKU bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
