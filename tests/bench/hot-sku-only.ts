/**
 * `npx tsx tests/bench/hot-sku-only.ts [--sqlite-only|--postgres-only]` (after `npm run build`):
 * only issue #25's hot SKU beside the bare order route, on a fresh SQLite storefront and on the
 * PostgreSQL `npm run bench` finds ($STOREFRONT_BENCH_DATABASE_URL, else a throwaway cluster).
 * `npm run bench` measures the same way, beside everything else. Its "CPU/attempt" column is each
 * server's own CPU time per attempt (steadier than attempts/s on a busy machine);
 * `STOREFRONT_BENCH_CPU_PROF=<dir>` makes each storefront write a V8 CPU profile there as it stops.
 */
import { hotSkuOnFreshSqlite, hotSkuOnPostgres } from './hot-sku-setup';
import { ROOT, runOnly } from './only-runner';
import { hotSkuBudgets, hotSkuSection } from './report';

runOnly({
  name: 'hot-SKU bench',
  sqlite: async (hooks) => [await hotSkuOnFreshSqlite(ROOT, hooks)],
  postgres: async (url, hooks) => [await hotSkuOnPostgres(ROOT, url, hooks)],
  section: hotSkuSection,
  budgets: hotSkuBudgets,
});
