/**
 * The search bench (./search.ts) on each database: a storefront on a fresh SQLite data directory,
 * or on a fresh PostgreSQL schema, 10,000 goods added to it, then the keyword searches.
 */
import { openDatabase } from '@kernel/server/db';
import { siteCredentials } from './api';
import { onFreshSchema, onFreshSqlite, type HotSkuHooks } from './hot-sku-setup';
import { addSearchGoods, benchSearch, SEARCH, type SearchFigures } from './search';

async function measure(root: string, database: SearchFigures['database'], base: string, databaseUrl: string, hooks: HotSkuHooks, settings = SEARCH): Promise<SearchFigures> {
  const db = openDatabase(databaseUrl);
  try {
    hooks.step(`search on ${database}: adding ${settings.goods} goods…`);
    await addSearchGoods(db, settings.goods);
  } finally {
    await db.destroy();
  }
  hooks.step(`search on ${database}: ${settings.queries} keyword searches, ${settings.concurrency} at a time…`);
  return benchSearch(database, base, siteCredentials(root), settings);
}

export const searchOnSqlite = (root: string, hooks: HotSkuHooks, settings = SEARCH): Promise<SearchFigures> =>
  onFreshSqlite(root, hooks, 'search', (node) => measure(root, 'SQLite', node.base, node.database, hooks, settings));

export const searchOnPostgres = (root: string, postgresUrl: string, hooks: HotSkuHooks, settings = SEARCH): Promise<SearchFigures> =>
  onFreshSchema(root, postgresUrl, hooks, 'search', async (databaseUrl, startNode) => {
    const node = await startNode();
    return measure(root, 'PostgreSQL', node.base, databaseUrl, hooks, settings);
  });
