import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BizError } from '@kernel/core/errors';
import { toFilters, type GoodsListPayload } from './filters';
import { brands, categoryTree, goodsDetail, listGoods } from './service';
import { openCatalogue, type Catalogue } from './testing';

let c: Catalogue;
beforeAll(async () => {
  c = await openCatalogue();
});
afterAll(() => c.close());

const list = (extra: Partial<GoodsListPayload> = {}) =>
  listGoods(c.db, toFilters({ sort: 'default', page: 1, limit: 20, ...extra }));
const ids = async (extra: Partial<GoodsListPayload> = {}) => (await list(extra)).list.map((g) => g.id);

describe('goods list', () => {
  it('lists goods on sale only, recommended first, then best sellers', async () => {
    const { goods } = c;
    expect(await ids()).toEqual([goods.x5, goods.case, goods.pods, goods.tee, goods.podsx]);
    expect((await list()).total).toBe(5);
  });

  it('answers money as yuan strings and the lowest SKU price', async () => {
    const [x5] = (await list()).list;
    expect(x5).toMatchObject({ name: '极光 X5 手机', price: '2999.00', market_price: '3299.00', stock: 8, brand_name: '极光', recommend: true });
  });

  it('includes the children of a first-level category, and only its own goods for a leaf', async () => {
    const { goods, cat } = c;
    expect((await ids({ category_id: cat.digital })).sort()).toEqual([goods.x5, goods.case, goods.pods, goods.podsx].sort());
    expect(await ids({ category_id: cat.audio })).toEqual([goods.pods, goods.podsx]);
    expect(await list({ category_id: 999 })).toEqual({ list: [], total: 0, page: 1, limit: 20 });
  });

  it('filters by brand and by a price range in yuan', async () => {
    const { goods, brand } = c;
    expect(await ids({ brand_id: brand.sonic })).toEqual([goods.pods, goods.podsx]);
    expect((await ids({ price_min: '50', price_max: '499' })).sort()).toEqual([goods.pods, goods.tee].sort());
    expect(await ids({ price_min: '2999.01' })).toEqual([]);
    expect(await ids({ recommend: 1 })).toEqual([goods.x5]);
  });

  it('sorts by price, sales and newest, both ways', async () => {
    const { goods } = c;
    expect(await ids({ sort: 'price' })).toEqual([goods.case, goods.tee, goods.pods, goods.podsx, goods.x5]);
    expect(await ids({ sort: 'price', order: 'desc' })).toEqual([goods.x5, goods.podsx, goods.pods, goods.tee, goods.case]);
    expect(await ids({ sort: 'sales' })).toEqual([goods.case, goods.pods, goods.x5, goods.tee, goods.podsx]);
    expect(await ids({ sort: 'sales', order: 'asc' })).toEqual([goods.podsx, goods.tee, goods.x5, goods.pods, goods.case]);
    expect(await ids({ sort: 'newest' })).toEqual([goods.tee, goods.podsx, goods.case, goods.x5, goods.pods]);
  });

  it('pages without losing or repeating goods, with the total on every page', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list({ sort: 'price', page, limit: 2 })));
    expect(pages.map((p) => p.list.length)).toEqual([2, 2, 1]);
    expect(pages.every((p) => p.total === 5)).toBe(true);
    expect(pages.flatMap((p) => p.list.map((g) => g.id))).toEqual(await ids({ sort: 'price' }));
    expect((await list({ page: 4, limit: 2 })).list).toEqual([]);
  });

  it('answers the unfiltered list (its queries compiled once) as the filtered path would, page by page and in both languages', async () => {
    // A minimum price of 0 filters nothing, but takes the general path.
    for (const lang of ['zh-Hans', 'en'] as const) {
      for (const page of [1, 2, 3]) {
        const plain = await listGoods(c.db, toFilters({ sort: 'default', page, limit: 2 }), lang);
        expect(plain).toEqual(await listGoods(c.db, toFilters({ sort: 'default', page, limit: 2, price_min: '0' }), lang));
        expect(plain.total).toBe(5);
      }
    }
  });

  it('matches keywords in name, subtitle and brand, case-insensitively', async () => {
    const { goods } = c;
    expect(await ids({ keyword: '透气' })).toEqual([goods.tee]);
    expect(await ids({ keyword: '极光' })).toEqual([goods.x5, goods.case]);
    expect(await ids({ keyword: 'pods' })).toEqual([goods.pods, goods.podsx]);
  });

  it('treats % and _ in a keyword as themselves, not as wildcards', async () => {
    const { goods } = c;
    expect(await ids({ keyword: '%' })).toEqual([goods.case]);
    expect(await ids({ keyword: 'pods_pro' })).toEqual([goods.pods]);
    expect(await ids({ keyword: '_' })).toEqual([goods.pods]);
    expect(await ids({ keyword: '\\' })).toEqual([]);
  });
});

describe('goods detail', () => {
  it('answers the full detail: SKUs, specs, brand, category, pictures', async () => {
    const detail = await goodsDetail(c.db, c.goods.x5);
    expect(detail).toMatchObject({
      id: c.goods.x5, price: '2999.00', stock: 8, unit: '台', model: 'JG-X5', packing_list: '手机 ×1',
      images: ['/x5-1.svg', '/x5-2.svg'], image: '/x5-1.svg',
      brand: { id: c.brand.aurora, name: '极光', initails: 'J' },
      category: { id: c.cat.phone, name: '手机', parentId: c.cat.digital },
      specs: [{ name: '颜色', values: ['黑', '白'] }, { name: '存储', values: ['128G', '256G'] }],
    });
    expect(detail.skus).toHaveLength(4);
    expect(detail.skus[0]).toMatchObject({ spec: { 颜色: '黑', 存储: '128G' }, price: '2999.00', stock: 5, image: '/x5-black.svg' });
  });

  it('serves detail HTML without scripts, handlers or javascript: URLs', async () => {
    const detail = await goodsDetail(c.db, c.goods.x5);
    expect(detail.detail).toBe('<p>屏幕</p><img />');
  });

  it('cleans detail HTML again when reading a row written unsafely', async () => {
    await c.db.updateTable('goods_goods').set({ detail_html: '<p onclick="x()">hi</p><script>bad()</script>' }).where('id', '=', c.goods.tee).execute();
    expect((await goodsDetail(c.db, c.goods.tee)).detail).toBe('<p>hi</p>');
  });

  it('refuses a goods taken off sale and one that does not exist', async () => {
    await expect(goodsDetail(c.db, c.goods.oldPods)).rejects.toEqual(new BizError('goods:error.off_sale', { name: '声悦 旧款耳机' }));
    await expect(goodsDetail(c.db, 424242)).rejects.toMatchObject({ key: 'goods:error.not_found' });
  });

  it('answers a goods without brand with brand null', async () => {
    expect((await goodsDetail(c.db, c.goods.tee)).brand).toBeNull();
  });
});

describe('brands and category tree', () => {
  it('lists every brand, or those with goods on sale in a category and its children', async () => {
    expect((await brands(c.db)).map((b) => b.name)).toEqual(['极光', '声悦', '闲置']);
    expect((await brands(c.db, c.cat.digital)).map((b) => b.name)).toEqual(['极光', '声悦']);
    expect((await brands(c.db, c.cat.men)).map((b) => b.name)).toEqual([]);
    expect(await brands(c.db, 999)).toEqual([]);
  });

  it('answers the tree, with a few best sellers per second-level category when asked', async () => {
    const plain = await categoryTree(c.db, 0);
    expect(plain.map((n) => n.categoryName)).toEqual(['数码', '服饰']);
    expect(plain[0].children.map((n) => n.categoryName)).toEqual(['手机', '耳机']);
    expect(plain[0].children[0].goodsList).toBeUndefined();
    const withGoods = await categoryTree(c.db, 1);
    expect(withGoods[0].children.map((n) => n.goodsList?.map((g) => g.name))).toEqual([['100% 硅胶手机壳'], ['声悦 Pods_Pro 耳机']]);
    expect(withGoods[1].children[0].goodsList?.[0]).toMatchObject({ name: '纯棉 T 恤', price: '79.00' });
  });
});
