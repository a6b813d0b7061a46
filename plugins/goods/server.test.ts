import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBootstrap } from '@kernel/server/serve-app';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { goodsContract, type GoodsFirstScreen } from './contract';
import { RECOMMEND_LIMIT, RECOMMEND_QUERY } from './recommend';

describe('goods calls', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['goods'], seed: true, now: Date.UTC(2025, 4, 1) });
  });
  afterAll(() => t.close());

  it('answers the seeded category tree in the spec shape', async () => {
    const { body } = await t.call(goodsContract.categoryTree, {});
    expect(body.code).toBe(1);
    expect(body.data.map((c) => c.categoryName)).toEqual(['数码', '服饰', '食品', '家居', '美妆']);
    expect(body.data[0]).toMatchObject({ parentId: 0, initails: 'S', categoryImage: expect.stringMatching(/^\/uploads\/seed\/category-\d+\.svg$/) });
    expect(body.data[0].children.map((c) => c.categoryName)).toEqual(['手机', '耳机', '平板']);
  });

  it("puts the category tree and the recommended goods' first page into index.html, as the calls answer them", async () => {
    const tree = await t.call(goodsContract.categoryTree, {});
    const recommend = await t.call(goodsContract.goodsList, { ...RECOMMEND_QUERY, page: 1, limit: RECOMMEND_LIMIT });
    const { storefront } = t.app;
    const page = await pageBootstrap({ site: storefront.site, registry: storefront.registry, db: t.db, services: t.services }, { warn: () => {} });
    expect(page.bootstrap.data?.goods).toEqual({ categories: tree.body.data, recommend: recommend.body.data });
    expect(recommend.body.data.list.length).toBeGreaterThan(0);
  });

  it('lists goods with filters from the wire, money as yuan strings', async () => {
    const tree = (await t.call(goodsContract.categoryTree, {})).body.data;
    const { body } = await t.call(goodsContract.goodsList, { category_id: tree[0].id, sort: 'price', order: 'asc', page: 1, limit: 5 });
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ page: 1, limit: 5 });
    expect(body.data.list).toHaveLength(5);
    expect(body.data.total).toBeGreaterThan(5);
    const prices = body.data.list.map((g) => Number(g.price));
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(body.data.list[0].price).toMatch(/^\d+\.\d{2}$/);
  });

  it('accepts numeric strings for ids and pages, as older clients send them', async () => {
    const { body } = await t.call('/api/goods/goodsList', { page: '2', limit: '3', price_min: '10', price_max: 100 });
    expect(body.code).toBe(1);
    expect((body.data as { page: number }).page).toBe(2);
  });

  it('refuses a bad payload with code 0 naming the field by its label, never a 500', async () => {
    const bad = await t.call('/api/goods/goodsList', { sort: 'cheapest' }, { lang: 'en' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ code: 0, msg: 'Sort is not one of the options', data: { field: 'sort' } });
    const price = await t.call('/api/goods/goodsList', { price_min: 'abc' });
    expect(price.body).toMatchObject({ code: 0, msg: '请输入正确的金额', data: { field: 'price_min' } });
    const id = await t.call('/api/goods/getGoods', { id: -1 });
    expect(id.body).toMatchObject({ code: 0, msg: '商品不能小于 1' });
  });

  it('answers a goods detail with SKUs and sanitized detail text', async () => {
    const [first] = (await t.call(goodsContract.goodsList, { keyword: 'X5' })).body.data.list;
    const { body } = await t.call(goodsContract.detail, { id: first.id });
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ name: '极光 X5 5G 智能手机', unit: '台', model: 'JG-X5', brand: { name: '极光' } });
    expect(body.data.skus).toHaveLength(9);
    expect(body.data.images).toHaveLength(3);
    expect(body.data.detail).toContain('<h3>商品亮点</h3>');
  });

  it('serves each SKU\'s own "was" price: the ¥3799 X5 was ¥4099, the bigger Lite sells at its full price', async () => {
    const detailOf = async (keyword: string) => {
      const [hit] = (await t.call(goodsContract.goodsList, { keyword })).body.data.list;
      return (await t.call(goodsContract.detail, { id: hit.id })).body.data;
    };
    const x5 = await detailOf('X5');
    const top = x5.skus.find((s) => s.spec['存储'] === '12GB+512GB');
    expect(top).toMatchObject({ price: '3799.00', market_price: '4099.00' });
    expect(x5.skus.find((s) => s.spec['存储'] === '8GB+128GB')).toMatchObject({ price: '2999.00', market_price: '3299.00' });
    const lite = await detailOf('Lite');
    expect(lite.skus.find((s) => s.spec['存储'] === '8GB+256GB')).toMatchObject({ price: '1499.00', market_price: '1499.00' });
  });

  it('answers catalogue text in English to an English request where the demo has it, Chinese otherwise', async () => {
    const [hit] = (await t.call(goodsContract.goodsList, { keyword: 'X5' })).body.data.list;
    const en = (await t.call(goodsContract.detail, { id: hit.id }, { lang: 'en' })).body.data;
    expect(en).toMatchObject({ name: 'Aurora X5 5G Smartphone', category: { name: 'Phones' } });
    expect(en.specs.map((d) => [d.name, d.label])).toEqual([['颜色', 'Colour'], ['存储', 'Storage']]);
    const zh = (await t.call(goodsContract.detail, { id: hit.id })).body.data;
    expect(zh).toMatchObject({ name: '极光 X5 5G 智能手机', category: { name: '手机' } });
    expect(zh.specs[0]).toEqual({ name: '颜色', values: ['曜石黑', '星河蓝', '月光白'] });
    const tree = (await t.call(goodsContract.categoryTree, {}, { lang: 'en' })).body.data;
    expect(tree.map((c) => c.categoryName)).toEqual(['Digital', 'Fashion', 'Food', 'Home', 'Beauty']);
    const list = (await t.call(goodsContract.goodsList, { keyword: 'smartphone' }, { lang: 'en' })).body.data.list;
    expect(list.map((g) => g.name)).toEqual(['Aurora X5 5G Smartphone']);
  });

  it('answers the subtitle, brand, spec values and detail (with its after-sales text) in English too, keeping the values the SKUs are keyed by', async () => {
    const [hit] = (await t.call(goodsContract.goodsList, { keyword: 'X5' })).body.data.list;
    const en = (await t.call(goodsContract.detail, { id: hit.id }, { lang: 'en' })).body.data;
    expect(en).toMatchObject({ subtitle: '6.7" 120Hz display | 5000mAh battery | 50MP main camera', brand_name: 'Aurora', brand: { name: 'Aurora' } });
    expect(en.specs[0]).toEqual({
      name: '颜色', label: 'Colour', values: ['曜石黑', '星河蓝', '月光白'],
      valueLabels: { 曜石黑: 'Obsidian Black', 星河蓝: 'Galaxy Blue', 月光白: 'Moonlight White' },
    });
    expect(en.skus[0].spec).toMatchObject({ 颜色: '曜石黑' });
    expect(en.detail).toContain('After-sales');
    expect(en.detail).not.toContain('售后');
    const zh = (await t.call(goodsContract.detail, { id: hit.id })).body.data;
    expect(zh).toMatchObject({ subtitle: expect.stringContaining('高刷屏'), brand_name: '极光' });
    expect(zh.detail).toContain('售后保障');
    const brands = (await t.call(goodsContract.brands, {}, { lang: 'en' })).body.data;
    expect(brands.map((b) => b.name)).toContain('Clear Spring');
    const cards = (await t.call(goodsContract.goodsList, { keyword: 'Aurora X5' }, { lang: 'en' })).body.data.list;
    expect(cards[0]).toMatchObject({ name: 'Aurora X5 5G Smartphone', brand_name: 'Aurora', subtitle: expect.stringContaining('120Hz display') });
  });

  it("writes index.html's catalogue in the page's language", async () => {
    const { storefront } = t.app;
    const deps = { site: storefront.site, registry: storefront.registry, db: t.db, services: t.services };
    const goodsOf = (page: Awaited<ReturnType<typeof pageBootstrap>>) => page.bootstrap.data?.goods as GoodsFirstScreen;
    const en = await pageBootstrap(deps, { warn: () => {} }, 'en');
    expect(en.bootstrap.language).toBe('en');
    expect(goodsOf(en).categories.map((c) => c.categoryName)).toEqual(['Digital', 'Fashion', 'Food', 'Home', 'Beauty']);
    const names = goodsOf(en).recommend.list.map((g) => g.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => /[\u4e00-\u9fff]/.test(name))).toEqual([]);
    const zh = await pageBootstrap(deps, { warn: () => {} }, 'zh-Hans');
    expect(goodsOf(zh).categories[0].categoryName).toBe('数码');
  });

  it('refuses an off-sale goods with code 0 in the request language', async () => {
    const row = await t.db.selectFrom('goods_goods').select(['id', 'name', 'name_en']).where('status', '=', 0).executeTakeFirstOrThrow();
    const zh = await t.call(goodsContract.detail, { id: row.id });
    expect(zh.body).toMatchObject({ code: 0, msg: `商品“${row.name}”已下架` });
    const en = await t.call(goodsContract.detail, { id: row.id }, { lang: 'en' });
    expect(en.body).toMatchObject({ code: 0, msg: `"${row.name_en}" is no longer on sale` });
    const missing = await t.call(goodsContract.detail, { id: 99999 }, { lang: 'en' });
    expect(missing.body).toMatchObject({ code: 0, msg: 'This goods does not exist or has been removed' });
  });

  it('answers brands, all or of a category', async () => {
    const all = (await t.call(goodsContract.brands, {})).body.data;
    expect(all).toHaveLength(8);
    const tree = (await t.call(goodsContract.categoryTree, {})).body.data;
    const food = tree.find((c) => c.categoryName === '食品');
    const ofFood = (await t.call(goodsContract.brands, { category_id: food?.id })).body.data;
    expect(ofFood.map((b) => b.name).sort()).toEqual(['清泉', '田园记'].sort());
  });

  it('answers the area tree', async () => {
    const { body } = await t.call(goodsContract.areaTree, {});
    expect(body.code).toBe(1);
    const guangdong = body.data.find((p) => p.name === '广东省');
    expect(guangdong?.children?.find((c) => c.name === '深圳市')?.children?.map((d) => d.name)).toContain('南山区');
  });

  it('answers "plugin disabled" once the site switches goods off, and serves again when on', async () => {
    await t.setPlugins({ goods: false });
    const off = await t.call(goodsContract.goodsList, {}, { lang: 'en' });
    expect(off.body.code).toBe(0);
    expect(off.body.msg).toContain('goods');
    await t.setPlugins({ goods: true });
    expect((await t.call(goodsContract.goodsList, {})).body.code).toBe(1);
  });
});
