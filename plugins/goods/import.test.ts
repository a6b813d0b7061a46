import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '@kernel/server/csv-write';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { COLUMNS, type CatalogueRow } from './import-columns';
import { importCatalogue } from './import';
import { importLines } from './import-report';
import { goodsContract } from './contract';

// Runs on SQLite, and on PostgreSQL under `npm run test:pg` (the import is one SERIALIZABLE transaction there).
let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['goods'], now: Date.UTC(2025, 4, 1) });
  dir = mkdtempSync(path.join(tmpdir(), 'goods-import-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = (cells: Partial<CatalogueRow>): CatalogueRow => ({ ...(Object.fromEntries(COLUMNS.map((c) => [c, ''])) as CatalogueRow), ...cells });
const file = (name: string, text: string) => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};
const run = (at: string) => importCatalogue({ db: t.db, services: t.services }, at);
const count = async (table: 'goods_goods' | 'goods_sku' | 'goods_category' | 'goods_brand') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ goods: await count('goods_goods'), skus: await count('goods_sku'), categories: await count('goods_category'), brands: await count('goods_brand') });

/** 1,000 goods in 10 categories and 5 brands; every tenth has two SKUs (colour 黑/白), the rest one. */
function thousand(): CatalogueRow[] {
  const rows: CatalogueRow[] = [];
  for (let i = 1; i <= 1000; i++) {
    const goods = { code: `BULK-${i}`, category: `批量/分类${i % 10}`, category_en: `Bulk/Kind ${i % 10}`, brand: `品牌${i % 5}`, name: `批量商品 ${i}`, name_en: `Bulk goods ${i}`, unit: '件' };
    if (i % 10 === 0) {
      rows.push(row({ ...goods, spec: '颜色:黑', spec_en: 'Colour:Black', price: `${i}.50`, stock: '5' }));
      rows.push(row({ code: goods.code, spec: '颜色:白', spec_en: 'Colour:White', price: `${i + 1}`, stock: '3' }));
    } else rows.push(row({ ...goods, price: `${i}`, market_price: `${i + 10}`, stock: String(i % 7) }));
  }
  return rows;
}

describe('storefront goods import: a thousand goods', () => {
  const rows = thousand();
  // CSV rows: the header is row 1, rows[k] is row k + 2.
  const rowOf = (code: string, nth = 0) => rows.findIndex((r, k) => r.code === code && rows.slice(0, k).filter((x) => x.code === code).length === nth) + 2;

  it('reports exactly the 3 bad rows by row number and column, and writes nothing', async () => {
    const bad = rows.map((r) => ({ ...r }));
    bad[rowOf('BULK-17') - 2].price = '12.345';
    bad[rowOf('BULK-500', 1) - 2].stock = '-1';
    bad[rowOf('BULK-999') - 2].category = '批量/分类/太深';
    const before = await counts();
    const error = await run(file('bad.csv', toCsv(bad))).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message.split('\n')).toEqual([
      `"${path.join(dir, 'bad.csv')}": 3 problems, nothing imported:`,
      `  row 19, price: "12.345" is not an amount of yuan ≥ 0 with at most two decimals (e.g. 12.50)`,
      `  row ${rowOf('BULK-500', 1)}, stock: "-1" is not a whole number ≥ 0`,
      `  row ${rowOf('BULK-999')}, category: "批量/分类/太深" is not one or two names, e.g. 数码/手机`,
    ]);
    expect(await counts()).toEqual(before);
  });

  it('reports in a dry run what the fixed file would add, writing nothing and copying no picture', async () => {
    const before = await counts();
    const uploads = () => (existsSync(t.app.storefront.uploadsDir) ? readdirSync(t.app.storefront.uploadsDir, { recursive: true }).length : 0);
    const files = uploads();
    const result = await importCatalogue({ db: t.db, services: t.services }, file('dry.csv', toCsv(rows)), { dryRun: true });
    expect(result).toMatchObject({ dryRun: true, unchanged: 0, updated: [] });
    expect(result.created).toHaveLength(1000);
    expect(result.created.every((g) => g.id === null)).toBe(true);
    expect(result.categoriesCreated).toHaveLength(11);
    expect(importLines(result, 'test')[0]).toBe(`dry run of "${path.join(dir, 'dry.csv')}" against site \`test\`, nothing written: 1000 goods to add, 0 to update, 0 unchanged`);
    expect(await counts()).toEqual(before);
    expect(uploads()).toBe(files);
  });

  it('imports all 1,000 once the rows are fixed, in one transaction and a few seconds at most', async () => {
    const before = await counts();
    const started = performance.now();
    const result = await run(file('good.csv', toCsv(rows)));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.created).toHaveLength(1000);
    expect(result.categoriesCreated).toHaveLength(11);
    expect(result.brandsCreated).toEqual(['品牌1', '品牌2', '品牌3', '品牌4', '品牌0']);
    expect(await counts()).toEqual({ goods: before.goods + 1000, skus: before.skus + 1100, categories: before.categories + 11, brands: before.brands + 5 });
    const tenth = result.created.find((g) => g.code === 'BULK-10')?.id as number;
    const detail = (await t.call(goodsContract.detail, { id: tenth }, { lang: 'en' })).body.data;
    expect(detail).toMatchObject({ name: 'Bulk goods 10', price: '10.50', stock: 8, category: { name: 'Kind 0' } });
    expect(detail.skus.map((s) => [s.spec, s.price, s.stock])).toEqual([[{ 颜色: '黑' }, '10.50', 5], [{ 颜色: '白' }, '11.00', 3]]);
    expect(detail.specs).toEqual([{ name: '颜色', label: 'Colour', values: ['黑', '白'], valueLabels: { 黑: 'Black', 白: 'White' } }]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await t.db.selectFrom('goods_sku').selectAll().orderBy('id').execute();
    const result = await run(path.join(dir, 'good.csv'));
    expect(result).toMatchObject({ created: [], updated: [], unchanged: 1000, categoriesCreated: [], brandsCreated: [] });
    expect(await t.db.selectFrom('goods_sku').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('updates prices and stock of the goods whose rows changed, keeping their sales, and says what changed', async () => {
    const id = async (code: string) => (await t.db.selectFrom('goods_goods').select(['id', 'sales']).where('code', '=', code).executeTakeFirstOrThrow());
    const twenty = await id('BULK-20');
    await t.db.updateTable('goods_goods').set({ sales: 42 }).where('id', '=', twenty.id).execute();
    const changed = rows.map((r) => ({ ...r }));
    changed[rowOf('BULK-20', 1) - 2].price = '19.90';
    changed[rowOf('BULK-20', 1) - 2].stock = '30';
    changed[rowOf('BULK-3') - 2].stock = '9';
    const result = await run(file('changed.csv', toCsv(changed)));
    expect(result.created).toEqual([]);
    expect(result.unchanged).toBe(998);
    expect(result.updated).toEqual([
      { code: 'BULK-3', id: (await id('BULK-3')).id, goods: [], skus: ['stock'] },
      { code: 'BULK-20', id: twenty.id, goods: ['price'], skus: ['price', 'stock'] },
    ]);
    const detail = (await t.call(goodsContract.detail, { id: twenty.id })).body.data;
    expect(detail).toMatchObject({ price: '19.90', sales: 42, stock: 35 });
    expect(detail.skus.map((s) => [s.price, s.stock])).toEqual([['20.50', 5], ['19.90', 30]]);
  });

  it('takes specs given in another order as the same SKUs, even where their keys trade places', async () => {
    const twoWay = [
      row({ code: 'GRID', category: '服饰', name: '方格衬衫', spec: '颜色:红|图案:蓝', price: '1', stock: '1' }),
      row({ code: 'GRID', spec: '颜色:蓝|图案:红', price: '2', stock: '2' }),
    ];
    await run(file('grid.csv', toCsv(twoWay)));
    const swapped = twoWay.map((r) => ({ ...r, spec: r.spec.split('|').reverse().join('|') }));
    const result = await run(file('grid-swapped.csv', toCsv(swapped)));
    expect(result.updated).toEqual([{ code: 'GRID', id: expect.any(Number), goods: ['specs'], skus: ['spec', 'spec_key'] }]);
    const skus = await t.db.selectFrom('goods_sku').select(['spec_key', 'price']).where('goods_id', '=', result.updated[0].id).orderBy('id').execute();
    expect(skus).toEqual([{ spec_key: '["蓝","红"]', price: 100 }, { spec_key: '["红","蓝"]', price: 200 }]);
  });

  it('refuses a file that leaves out a SKU the shop has: an import never deletes one', async () => {
    const without = rows.filter((r, k) => k !== rowOf('BULK-30', 1) - 2);
    await expect(run(file('without.csv', toCsv(without)))).rejects.toThrow(
      `row ${rowOf('BULK-30')}, spec: goods BULK-30 (${(await t.db.selectFrom('goods_goods').select('id').where('code', '=', 'BULK-30').executeTakeFirstOrThrow()).id}) has SKU "颜色:白" in the shop, which the file leaves out`,
    );
  });
});

describe('storefront goods import: what a row may hold', () => {
  it('reads JSON rows, numbers included, and names every problem of every row with its column', async () => {
    const json = file('bad.json', JSON.stringify([
      { code: 'J-1', category: '数码', name: '', price: 'free', stock: 1.5 },
      { code: 'J-2', category: '数码/手机', name: '手机', spec: '颜色', price: 10, stock: 1, colour: '红' },
      { code: 'J-2', name: '另一个名字', spec: '颜色:黑', price: 10, stock: 1 },
      { code: 'J-3', category: '数码/手机', name: '壳', price: 1, stock: 1, images: 'missing.jpg|notes.txt', on_sale: 'maybe' },
    ]));
    const message = (await run(json).catch((e: Error) => e.message)) as string;
    expect(message.split('\n').slice(1)).toEqual([
      '  unknown column "colour" (the columns are code, category, category_en, brand, brand_en, name, name_en, subtitle, subtitle_en, unit, model, packing_list, on_sale, recommend, sales, images, spec, spec_en, price, market_price, stock, sku_image, detail, detail_en)',
      '  row 1, name: required: what shoppers see (goods J-1)',
      '  row 1, price: "free" is not an amount of yuan ≥ 0 with at most two decimals (e.g. 12.50)',
      '  row 1, stock: "1.5" is not a whole number ≥ 0',
      '  row 2, spec: "颜色" is not name:value (e.g. 颜色:曜石黑|存储:256GB)',
      '  row 3, name: "另一个名字" differs from row 2\'s "手机" for goods J-2: leave it empty or repeat it',
      '  row 4, on_sale: "maybe" is not 1 or 0',
      '  row 4, images: cannot read "missing.jpg" (ENOENT)',
      '  row 4, images: "notes.txt" is no picture (a .jpg, .png, .gif, .webp or .svg file, a /uploads/… path or an http(s) URL)',
    ]);
  });

  it('copies a picture file beside the catalogue into the uploads, once, and keeps /uploads/ paths and URLs as they are', async () => {
    writeFileSync(path.join(dir, 'mug.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 7, 7, 7]));
    const csv = toCsv([
      row({ code: 'MUG', category: '家居', name: '马克杯', images: 'mug.png|/uploads/seed/x.svg|https://cdn.example.com/mug.jpg', price: '39', stock: '3', spec: '颜色：蓝', sku_image: 'mug.png' }),
    ]);
    const result = await run(file('mug.csv', csv));
    const goods = (await t.call(goodsContract.detail, { id: result.created[0].id as number })).body.data;
    expect(goods.images).toEqual([expect.stringMatching(/^\/uploads\/goods\/[0-9a-f]{32}\.png$/), '/uploads/seed/x.svg', 'https://cdn.example.com/mug.jpg']);
    expect(goods.skus[0]).toMatchObject({ spec: { 颜色: '蓝' }, image: goods.images[0] });
    expect(existsSync(path.join(t.app.storefront.uploadsDir, goods.images[0].slice('/uploads/'.length)))).toBe(true);
  });
});

describe('storefront goods import: a file of prices and stock', () => {
  it('updates only the columns the file has, keeping pictures, texts and English of the goods', async () => {
    const made = await run(file('full.csv', toCsv([
      row({ code: 'TEA', category: '食品/茶叶', category_en: 'Food/Tea', name: '龙井', name_en: 'Longjing', subtitle: '明前', images: 'https://cdn.example.com/tea.jpg', spec: '重量:250g', spec_en: 'Weight:250 g', price: '268', market_price: '328', stock: '70', sku_image: '/uploads/tea-250.jpg' }),
    ])));
    const id = made.created[0].id as number;
    const result = await run(file('prices.csv', 'code,category,name,spec,price,stock\r\nTEA,食品/茶叶,龙井,重量:250g,258,64\r\n'));
    expect(result.updated).toEqual([{ code: 'TEA', id, goods: ['price'], skus: ['price', 'stock'] }]);
    const detail = (await t.call(goodsContract.detail, { id }, { lang: 'en' })).body.data;
    expect(detail).toMatchObject({ name: 'Longjing', subtitle: '明前', images: ['https://cdn.example.com/tea.jpg'], price: '258.00', market_price: '328.00', stock: 64 });
    expect(detail.skus).toEqual([expect.objectContaining({ price: '258.00', market_price: '328.00', image: '/uploads/tea-250.jpg' })]);
    expect(detail.specs[0]).toMatchObject({ label: 'Weight', valueLabels: { '250g': '250 g' } });
  });
});

describe('storefront goods import: two at once', () => {
  it('makes each goods once when the same new file is imported twice at the same moment (the second finds the first\'s goods)', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => row({ code: `RACE-${i}`, category: '并发/测试', brand: '并发', name: `并发商品 ${i}`, price: '9.90', stock: '4' }));
    const at = file('race.csv', toCsv(rows));
    const before = await counts();
    const [a, b] = await Promise.all([run(at), run(at)]);
    expect([a.created.length + b.created.length, a.unchanged + b.unchanged]).toEqual([200, 200]);
    expect(await counts()).toEqual({ goods: before.goods + 200, skus: before.skus + 200, categories: before.categories + 2, brands: before.brands + 1 });
  });
});
