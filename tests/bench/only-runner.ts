/**
 * The quick runners' shared part (hot-sku-only.ts, seckill-only.ts): `[--sqlite-only|--postgres-only]`,
 * a fresh SQLite storefront and then the PostgreSQL `npm run bench` finds ($STOREFRONT_BENCH_DATABASE_URL,
 * else a throwaway cluster), every child stopped at the end; then the section, the budgets and the
 * figures as one JSON line.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { HotSkuHooks } from './hot-sku-setup';
import { benchPostgres } from './postgres';
import type { Child } from './processes';
import { budgetLines, type Budget } from './report';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface OnlyRunner<F> {
  /** What failed says, e.g. "hot-SKU bench". */
  name: string;
  sqlite(hooks: HotSkuHooks): Promise<F[]>;
  postgres(url: string, hooks: HotSkuHooks): Promise<F[]>;
  section(runs: readonly F[]): [string, string[]];
  budgets(runs: readonly F[]): Budget[];
}

async function measure<F>(runner: OnlyRunner<F>): Promise<void> {
  const { values } = parseArgs({ options: { 'sqlite-only': { type: 'boolean' }, 'postgres-only': { type: 'boolean' } } });
  const children: Child[] = [];
  const hooks: HotSkuHooks = { track: (child) => children.push(child), step: (m) => process.stdout.write(`· ${m}\n`), startTimeoutMs: 120_000 };
  const runs: F[] = [];
  process.stdout.write(`load average at the start: ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}\n`);
  try {
    if (!values['postgres-only']) runs.push(...(await runner.sqlite(hooks)));
    if (!values['sqlite-only']) {
      const postgres = benchPostgres(ROOT);
      if ('skipped' in postgres) hooks.step(`PostgreSQL: ${postgres.skipped}, skipped`);
      else {
        try {
          runs.push(...(await runner.postgres(postgres.url, hooks)));
        } finally {
          postgres.stop();
        }
      }
    }
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
  const [title, lines] = runner.section(runs);
  process.stdout.write(`\n${title}\n${lines.map((line) => `  ${line}\n`).join('')}`);
  process.stdout.write(`${budgetLines(runner.budgets(runs)).map((l) => `  ${l}`).join('\n')}\n`);
  process.stdout.write(`${JSON.stringify(runs)}\n`);
}

export function runOnly<F>(runner: OnlyRunner<F>): void {
  measure(runner).catch((error: unknown) => {
    process.stderr.write(`${runner.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
