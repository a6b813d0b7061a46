/**
 * `npx tsx tests/bench/seckill-only.ts [--sqlite-only|--postgres-only]`: only issue #26's flash
 * sale beside the bare route, on a fresh SQLite storefront and on the PostgreSQL `npm run bench`
 * finds ($STOREFRONT_BENCH_DATABASE_URL, else a throwaway cluster) with one node and then two.
 * No build needed (it serves no pages). `npm run bench` measures the same way, beside everything
 * else. SECKILL_ROUNDS and SECKILL_IN_FLIGHT change the rounds (3) and the buys in flight (all 2,000).
 */
import { ROOT, runOnly } from './only-runner';
import { seckillBudgets, seckillSection } from './report';
import { seckillOnFreshSqlite, seckillOnPostgres } from './seckill-setup';

runOnly({
  name: 'flash-sale bench',
  sqlite: async (hooks) => [await seckillOnFreshSqlite(ROOT, hooks)],
  postgres: (url, hooks) => seckillOnPostgres(ROOT, url, hooks),
  section: seckillSection,
  budgets: seckillBudgets,
});
