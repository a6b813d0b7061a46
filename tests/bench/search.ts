/**
 * Issue #29: the goods search's latency over a real-sized catalogue. 10,000 goods on sale are
 * written straight into the storefront's database (names and subtitles from word lists, so a
 * keyword matches a few hundred of them, or none), then signed `goodsList` calls with keywords of
 * one and two words go out `concurrency` at a time: p50 and p99 of the replies, and how many goods
 * a query found (median), on SQLite and on PostgreSQL (where pg_trgm indexes serve ILIKE).
 */
import { signHeaders, type AppCredentials } from '@kernel/server/pipeline/signature';
import type { Db } from '@kernel/server/plugin';
import { createBrand, createCategory, createGoodsMany, type NewGoods } from '@plugins/goods/admin.service';
import { GOODS_LIST_PATH } from './api';
import { median, percentile, timedPost, type Attempt } from './http';

export interface SearchSettings {
  goods: number;
  queries: number;
  concurrency: number;
  warmup: number;
}

export const SEARCH: SearchSettings = { goods: 10_000, queries: 600, concurrency: 8, warmup: 60 };

export interface SearchFigures {
  database: 'SQLite' | 'PostgreSQL';
  goods: number;
  queries: number;
  concurrency: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Median of the totals the queries found. */
  foundMedian: number;
  /** Replies that were not a success. */
  failed: number;
}

const BRANDS = ['山川', '青禾', '极光', '木本', '云栖'];
const ADJECTIVES = ['轻薄', '复古', '红色', '加厚', '无线', '便携', '有机', '纯棉', '保温', '降噪', '防水', '经典'];
const NOUNS = ['口红', '手机', '耳机', '茶叶', '保温杯', '衬衫', '背包', '台灯', '跑鞋', '面霜', '坚果', '炒锅'];
const SUBTITLES = ['送礼佳选', '限时优惠', '新品上市', '官方正品', '店长推荐', '回购率高'];

/** Keywords as shoppers type them: one word, two words in either order, a word nothing has. */
export const SEARCH_KEYWORDS = ['口红', '口红 红', '红 口红', '无线 耳机', '保温', '茶叶 有机', '衬衫 纯棉 经典', '跑鞋', '山川', '不存在的东西', '新品', '台灯 便携'];

/** `count` goods on sale in one new category, names from the word lists, one SKU each. */
export async function addSearchGoods(db: Db, count: number): Promise<void> {
  const categoryId = await createCategory(db, { parentId: 0, name: '检索测试', initials: 'J' });
  const brandIds = [];
  for (const [i, name] of BRANDS.entries()) brandIds.push(await createBrand(db, { name: `${name}${i}`, initials: 'S' }));
  const now = Math.floor(Date.now() / 1000);
  const batch: NewGoods[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${ADJECTIVES[i % ADJECTIVES.length]}${NOUNS[Math.floor(i / ADJECTIVES.length) % NOUNS.length]} ${i}`;
    batch.push({
      categoryId,
      brandId: brandIds[i % brandIds.length],
      name,
      subtitle: `${SUBTITLES[i % SUBTITLES.length]} · ${NOUNS[(i * 7) % NOUNS.length]}`,
      marketPrice: 19_900,
      sales: (i * 37) % 5000,
      unit: '件',
      specs: [],
      skus: [{ spec: {}, price: 9_900 + (i % 50) * 100, stock: 100 }],
      detailHtml: '<p>检索测试</p>',
      onSale: true,
      createdAt: now - i,
    });
    if (batch.length === 500) await createGoodsMany(db, batch.splice(0));
  }
  if (batch.length > 0) await createGoodsMany(db, batch);
}

/** Warm-up queries, then `queries` keyword searches `concurrency` at a time against the storefront at `base`. */
export async function benchSearch(database: SearchFigures['database'], base: string, app: AppCredentials, settings = SEARCH): Promise<SearchFigures> {
  const url = new URL(GOODS_LIST_PATH, base).toString();
  const found: number[] = [];
  const search = async (n: number): Promise<Attempt> => {
    const attempt = await timedPost(url, signHeaders(app, Date.now()), { keyword: SEARCH_KEYWORDS[n % SEARCH_KEYWORDS.length], page: 1, limit: 20 });
    return attempt;
  };
  const run = async (total: number) => {
    const attempts: Attempt[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: settings.concurrency }, async () => {
        while (next < total) attempts.push(await search(next++));
      }),
    );
    return attempts;
  };
  await run(settings.warmup);
  const attempts = await run(settings.queries);
  // The totals, read once per keyword (the timed replies are not parsed past their code).
  for (const keyword of SEARCH_KEYWORDS) {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Lang: 'zh-cn', ...signHeaders(app, Date.now()) }, body: JSON.stringify({ keyword, page: 1, limit: 1 }) });
    found.push(Number(((await response.json()) as { data: { total: number } }).data.total));
  }
  const ms = attempts.map((a) => a.ms).sort((a, b) => a - b);
  return {
    database,
    goods: settings.goods,
    queries: attempts.length,
    concurrency: settings.concurrency,
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    maxMs: ms[ms.length - 1] ?? 0,
    foundMedian: median(found),
    failed: attempts.filter((a) => a.status !== 200 || a.code !== 1).length,
  };
}
