/**
 * `npx tsx tests/bench/search-only.ts [--sqlite-only|--postgres-only]`: only issue #29's search
 * latency over 10,000 goods, on a fresh SQLite storefront and on the PostgreSQL `npm run bench`
 * finds. No build needed. `npm run bench` measures the same way, beside everything else.
 */
import { ROOT, runOnly } from './only-runner';
import { searchBudgets, searchSection } from './report';
import { searchOnPostgres, searchOnSqlite } from './search-setup';

runOnly({
  name: 'search bench',
  sqlite: async (hooks) => [await searchOnSqlite(ROOT, hooks)],
  postgres: async (url, hooks) => [await searchOnPostgres(ROOT, url, hooks)],
  section: searchSection,
  budgets: searchBudgets,
});
