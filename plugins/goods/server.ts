/** The goods plugin on the server: catalogue calls, tables and the demo catalogue. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { areaTree } from './area';
import { goodsContract } from './contract';
import { toFilters } from './filters';
import { goods001Init } from './migrations/goods_001_init';
import { seedGoods } from './seed';
import { brands, categoryTree, goodsDetail, listGoods } from './service';

export default defineServerPlugin({
  id: 'goods',
  version: '1.0.0',
  migrations: [goods001Init],
  routes(api) {
    api.handle(goodsContract.categoryTree, (payload, ctx) => categoryTree(ctx.db, payload.goods_limit));
    api.handle(goodsContract.goodsList, (payload, ctx) => listGoods(ctx.db, toFilters(payload)));
    api.handle(goodsContract.brands, (payload, ctx) => brands(ctx.db, payload.category_id));
    api.handle(goodsContract.detail, (payload, ctx) => goodsDetail(ctx.db, payload.id));
    api.handle(goodsContract.areaTree, () => areaTree());
  },
  seed: seedGoods,
});
