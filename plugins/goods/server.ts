/** The goods plugin on the server: catalogue calls, tables and the demo catalogue. */
import * as z from 'zod/mini';
import { defineServerPlugin, type FirstScreen } from '@kernel/server/plugin';
import { areaTree } from './area';
import { goodsContract, type GoodsFirstScreen } from './contract';
import { toFilters } from './filters';
import { goods001Init } from './migrations/goods_001_init';
import { goods002SkuMarketPrice } from './migrations/goods_002_sku_market_price';
import { goods003EnglishNames } from './migrations/goods_003_english_names';
import { goods004EnglishText } from './migrations/goods_004_english_text';
import { goods005StockFromSkus } from './migrations/goods_005_stock_from_skus';
import { goods006SearchIndex } from './migrations/goods_006_search_index';
import { goods007Code } from './migrations/goods_007_code';
import { goodsCommands } from './operator';
import { RECOMMEND_LIMIT, RECOMMEND_QUERY } from './recommend';
import { seedGoods } from './seed';
import { brands, categoryTree, goodsDetail, listGoods } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [goods001Init, goods002SkuMarketPrice, goods003EnglishNames, goods004EnglishText, goods005StockFromSkus, goods006SearchIndex, goods007Code],
  routes(api) {
    api.handle(goodsContract.categoryTree, (payload, ctx) => categoryTree(ctx.db, payload.goods_limit, ctx.lang));
    api.handle(goodsContract.goodsList, (payload, ctx) => listGoods(ctx.db, toFilters(payload), ctx.lang));
    api.handle(goodsContract.brands, (payload, ctx) => brands(ctx.db, payload.category_id, ctx.lang));
    api.handle(goodsContract.detail, (payload, ctx) => goodsDetail(ctx.db, payload.id, ctx.lang));
    api.handle(goodsContract.areaTree, () => areaTree());
  },
  // The home page's category grid and recommended goods come with index.html, in the page's language: no round trips.
  async firstScreen(ctx): Promise<FirstScreen<GoodsFirstScreen>> {
    const tree = z.parse(goodsContract.categoryTree.payload, {});
    const list = z.parse(goodsContract.goodsList.payload, { ...RECOMMEND_QUERY, page: 1, limit: RECOMMEND_LIMIT });
    const [categories, recommend] = await Promise.all([categoryTree(ctx.db, tree.goods_limit, ctx.lang), listGoods(ctx.db, toFilters(list), ctx.lang)]);
    return { data: { categories, recommend } };
  },
  seed: seedGoods,
  commands: goodsCommands,
});
