import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { parseImages } from './mappers';
import { goodsDetail } from './service';

describe('demo catalogue', () => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['goods'], seed: true, now: Date.UTC(2025, 4, 1) });
    dir = path.join(t.dataDir, 'uploads', 'seed');
  });
  afterAll(() => t.close());

  it('has two-level categories, eight brands and about forty goods, some off sale, some recommended', async () => {
    const categories = await t.db.selectFrom('goods_category').selectAll().execute();
    expect(categories.filter((c) => c.parent_id === 0)).toHaveLength(5);
    expect(categories.filter((c) => c.parent_id !== 0).length).toBeGreaterThanOrEqual(14);
    expect(await t.db.selectFrom('goods_brand').selectAll().execute()).toHaveLength(8);
    const goods = await t.db.selectFrom('goods_goods').selectAll().execute();
    expect(goods.length).toBeGreaterThanOrEqual(40);
    expect(goods.filter((g) => g.status === 0).length).toBeGreaterThanOrEqual(2);
    expect(goods.filter((g) => g.recommend === 1).length).toBeGreaterThanOrEqual(8);
  });

  it("gives every goods SKUs whose lowest price the goods row carries, and serves their total stock as the goods'", async () => {
    const goods = await t.db.selectFrom('goods_goods').select(['id', 'price', 'status']).execute();
    const skus = await t.db.selectFrom('goods_sku').select(['goods_id', 'price', 'stock']).execute();
    for (const g of goods) {
      const own = skus.filter((s) => s.goods_id === g.id);
      expect(own.length).toBeGreaterThan(0);
      expect(g.price).toBe(Math.min(...own.map((s) => s.price)));
      if (g.status === 1) expect((await goodsDetail(t.db, g.id)).stock).toBe(own.reduce((sum, s) => sum + s.stock, 0));
    }
    expect(skus.some((s) => s.stock === 0)).toBe(true);
  });

  it('draws every picture it refers to, each under 3 KB', async () => {
    const goods = await t.db.selectFrom('goods_goods').select(['image', 'images', 'detail_html']).execute();
    const referenced = [
      ...goods.flatMap((g) => [g.image, ...parseImages(g.images)]),
      ...(await t.db.selectFrom('goods_category').select('image').execute()).map((c) => c.image),
      ...(await t.db.selectFrom('goods_brand').select('logo').execute()).map((b) => b.logo),
      ...(await t.db.selectFrom('goods_sku').select('image').where('image', '!=', '').execute()).map((s) => s.image),
    ];
    for (const url of referenced) {
      expect(url).toMatch(/^\/uploads\/seed\/[\w-]+\.svg$/);
      expect(existsSync(path.join(dir, path.basename(url))), url).toBe(true);
    }
    // Its own pictures: the folder also holds other plugins' (home's banners are photographs).
    for (const url of new Set(referenced)) expect(statSync(path.join(dir, path.basename(url))).size, url).toBeLessThan(3072);
    expect(goods.every((g) => g.detail_html.includes('<img src="/uploads/seed/'))).toBe(true);
  });

  it('gives every demo goods, brand and Chinese spec value its English, so an English shopper reads no Chinese in the catalogue', async () => {
    const goods = await t.db.selectFrom('goods_goods').select(['name', 'name_en', 'subtitle_en', 'detail_html_en', 'specs', 'spec_values_en']).execute();
    expect(goods.filter((g) => !g.name_en || !g.subtitle_en || !g.detail_html_en).map((g) => g.name)).toEqual([]);
    const untranslated = goods.flatMap((g) => {
      const valuesEn = JSON.parse(g.spec_values_en) as Record<string, string>;
      return (JSON.parse(g.specs) as { values: string[] }[]).flatMap((d) => d.values).filter((v) => /[\u4e00-\u9fff]/.test(v) && !valuesEn[v]);
    });
    expect(untranslated).toEqual([]);
    expect((await t.db.selectFrom('goods_brand').select(['name', 'name_en']).execute()).filter((b) => !b.name_en)).toEqual([]);
  });
});
