import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { parseImages } from './mappers';

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

  it('gives every goods SKUs whose lowest price and total stock the goods row carries', async () => {
    const goods = await t.db.selectFrom('goods_goods').select(['id', 'price', 'stock']).execute();
    const skus = await t.db.selectFrom('goods_sku').select(['goods_id', 'price', 'stock']).execute();
    for (const g of goods) {
      const own = skus.filter((s) => s.goods_id === g.id);
      expect(own.length).toBeGreaterThan(0);
      expect(g.price).toBe(Math.min(...own.map((s) => s.price)));
      expect(g.stock).toBe(own.reduce((sum, s) => sum + s.stock, 0));
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
});
