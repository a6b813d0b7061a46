/**
 * The goods search (./search.ts): every word must be found, in any order and in any of name,
 * subtitle and brand; the default order is relevance (name before subtitle before brand), then
 * sales. The same tests run on PostgreSQL (`npm run test:pg`), where the trigram indexes serve it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresOf } from '@kernel/server/dialect';
import { createBrand, createGoods, type NewGoods } from './admin.service';
import { toFilters, type GoodsListPayload } from './filters';
import { goodsSearch } from './search';
import { listGoods } from './service';
import { NOW, openCatalogue, type Catalogue } from './testing';

let c: Catalogue;
let lipstick: number;
let balm: number;
let gloss: number;
let set: number;

beforeAll(async () => {
  c = await openCatalogue();
  const rouge = await createBrand(c.db, { name: '胭脂坊', nameEn: 'Rouge House', initials: 'y' });
  const goods = (input: Pick<NewGoods, 'name' | 'sales'> & Partial<NewGoods>) =>
    createGoods(c.db, { categoryId: c.cat.apparel, brandId: rouge, marketPrice: 0, unit: '支', specs: [], detailHtml: '', skus: [{ spec: {}, price: 9900, stock: 5 }], createdAt: NOW, ...input });
  lipstick = await goods({ name: '丝绒红色口红', nameEn: 'Velvet red lipstick', subtitle: '持久不脱色', sales: 20 });
  // The words only in the subtitle, and far more sales: still after the goods that names them.
  balm = await goods({ name: '滋润唇膏', subtitle: '口红打底 红润', subtitleEn: 'a lipstick base', sales: 900 });
  // The same relevance as the lipstick, more sales: before it.
  gloss = await goods({ name: '红色口红唇釉', subtitle: '水光', sales: 60 });
  set = await goods({ name: '胭脂坊 限定礼盒', subtitle: '含一支口红', sales: 5 });
});
afterAll(() => c.close());

const ids = async (extra: Partial<GoodsListPayload>, lang: 'zh-Hans' | 'en' = 'zh-Hans') =>
  (await listGoods(c.db, toFilters({ sort: 'default', page: 1, limit: 20, ...extra }), lang)).list.map((g) => g.id);

describe('goods search', () => {
  it('finds the lipstick by "口红 红": each word anywhere in the name, in any order', async () => {
    expect(await ids({ keyword: '口红 红' })).toContain(lipstick);
    expect(await ids({ keyword: '红 口红' })).toEqual(await ids({ keyword: '口红 红' }));
    expect(await ids({ keyword: '丝绒\u3000口红' })).toEqual([lipstick]);
  });

  it('needs every word: one that matches nothing finds nothing', async () => {
    expect(await ids({ keyword: '口红 蓝色' })).toEqual([]);
    expect((await listGoods(c.db, toFilters({ sort: 'default', page: 1, limit: 20, keyword: '口红 蓝色' }))).total).toBe(0);
  });

  it('matches the words in different fields: name, subtitle and brand', async () => {
    expect(await ids({ keyword: '礼盒 口红' })).toEqual([set]);
    expect(await ids({ keyword: '胭脂坊 唇膏' })).toEqual([balm]);
    expect(await ids({ keyword: '手机 高刷' })).toEqual([c.goods.x5]);
  });

  it('ranks by relevance, name before subtitle, then by sales; the total counts every match', async () => {
    // gloss and lipstick name both words (4 + 4), the balm's and the set's subtitles hold both (2 + 2).
    expect(await ids({ keyword: '口红 红' })).toEqual([gloss, lipstick, balm, set]);
    // The set names the brand (4 + 1); the others only carry it (1), so their sales decide.
    expect(await ids({ keyword: '胭脂坊' })).toEqual([set, balm, gloss, lipstick]);
    expect(await ids({ keyword: '口红' })).toEqual([gloss, lipstick, balm, set]);
    expect((await listGoods(c.db, toFilters({ sort: 'default', page: 2, limit: 2, keyword: '口红' }))).total).toBe(4);
  });

  it('keeps the order the shopper chose over relevance', async () => {
    expect(await ids({ keyword: '口红', sort: 'sales' })).toEqual([balm, gloss, lipstick, set]);
  });

  it('searches the English subtitle and brand only for English requests', async () => {
    expect(await ids({ keyword: 'lipstick' }, 'en')).toEqual([lipstick, balm]);
    expect(await ids({ keyword: 'lipstick' })).toEqual([lipstick]);
    expect(await ids({ keyword: 'rouge velvet' }, 'en')).toEqual([lipstick]);
    expect(await ids({ keyword: 'rouge velvet' })).toEqual([]);
  });

  it('treats % and _ in any word as themselves', async () => {
    expect(await ids({ keyword: '100% 手机壳' })).toEqual([c.goods.case]);
    expect(await ids({ keyword: '手机壳 100_' })).toEqual([]);
    expect(await ids({ keyword: 'pods_pro 耳机' })).toEqual([c.goods.pods]);
    expect(await ids({ keyword: '口红 %' })).toEqual([]);
  });

  it.runIf(Boolean(process.env.STOREFRONT_TEST_DATABASE_URL))('reads the trigram indexes on PostgreSQL rather than every row', async () => {
    expect(postgresOf(c.db)).not.toBeNull();
    const search = await goodsSearch(c.db, ['口红', 'velvet'], 'en');
    const plan = await c.db.connection().execute(async (conn) => {
      // The catalogue is tiny: without this the planner rightly prefers reading it whole.
      await sql`set enable_seqscan = off`.execute(conn);
      try {
        return (await conn.selectFrom('goods_goods as g').select('g.id').where(search.matches).explain()).map((row) => Object.values(row).join(' ')).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(conn);
      }
    });
    expect(plan).toMatch(/goods_goods_name_trgm/);
    expect(plan).toMatch(/goods_goods_subtitle_en_trgm/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
