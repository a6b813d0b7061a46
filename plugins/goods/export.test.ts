import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCommand } from '@kernel/server/plugin';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { exportCatalogue } from './export';
import goods from './server';

// The demo catalogue (categories, brands, goods with specs, SKU pictures, English) exported,
// imported into an empty shop and exported again reads the same, in JSON and in CSV.
describe('storefront goods export', () => {
  let demo: TestServer;
  let dir: string;
  beforeAll(async () => {
    demo = await createTestServer({ plugins: ['goods'], seed: true, now: Date.UTC(2025, 4, 1) });
    dir = mkdtempSync(path.join(tmpdir(), 'goods-export-'));
  });
  afterAll(async () => {
    await demo.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const command = (name: string) => goods.commands?.find((c) => c.command.startsWith(name)) as OperatorCommand;
  const run = (t: TestServer, name: string, args: string[], options: Record<string, unknown> = {}) => runOperator(t.app, goods as never, command(name), args, options);
  /** What shoppers are shown of a catalogue, ids aside: the categories, brands and every goods' detail. */
  const catalogue = async (t: TestServer) => ({
    categories: await t.db.selectFrom('goods_category').select(['parent_id', 'name', 'name_en', 'initials']).orderBy('id').execute(),
    brands: await t.db.selectFrom('goods_brand').select(['name', 'name_en']).orderBy('id').execute(),
    goods: (await t.db.selectFrom('goods_goods').selectAll().orderBy('id').execute()).map(({ id: _id, created_at: _created, code: _code, category_id: _c, brand_id: _b, ...g }) => g),
    skus: (await t.db.selectFrom('goods_sku').selectAll().orderBy('id').execute()).map(({ id: _id, goods_id: _g, ...s }) => s),
  });

  for (const format of ['json', 'csv'] as const) {
    it(`round-trips through ${format.toUpperCase()}: imported into an empty shop, the export gives the same catalogue`, async () => {
      const file = path.join(dir, `catalogue.${format}`);
      const wrote = await run(demo, 'goods export', [], { out: file, csv: format === 'csv' ? true : undefined });
      const rows = await exportCatalogue(demo.db);
      expect(wrote.lines).toEqual([`${new Set(rows.map((r) => r.code)).size} goods (${rows.length} SKUs) of site \`test\` written to ${file}`]);
      const empty = await createTestServer({ plugins: ['goods'], now: Date.UTC(2025, 5, 1) });
      try {
        await run(empty, 'goods import', [file]);
        const [a, b] = [await catalogue(demo), await catalogue(empty)];
        // The demo's categories are sorted by hand and its first-level ones carry pictures; an import sorts in order of appearance.
        expect(b.goods).toEqual(a.goods);
        expect(b.skus).toEqual(a.skus);
        expect(b.brands).toEqual(a.brands);
        expect(b.categories.map((c) => c.name)).toEqual(a.categories.map((c) => c.name));
        expect(await exportCatalogue(empty.db)).toEqual(rows);
      } finally {
        await empty.close();
      }
    });
  }

  it('prints JSON by default and CSV with --csv, the goods columns on each goods\' first row', async () => {
    const json = JSON.parse((await run(demo, 'goods export', [])).lines[0]) as Record<string, unknown>[];
    expect(json[0]).toMatchObject({ code: 'goods-1', category: expect.stringContaining('/'), price: expect.stringMatching(/^\d+\.\d\d$/), stock: expect.any(Number) });
    const csv = (await run(demo, 'goods export', [], { csv: true })).lines[0];
    expect(csv.startsWith('\uFEFFcode,category,category_en,brand,')).toBe(true);
    expect(readFileSync(path.join(dir, 'catalogue.csv'), 'utf8')).toBe(`${csv}\r\n`);
  });

  it('imported back into the same shop, changes nothing and gives goods made without a code the one the export wrote', async () => {
    const file = path.join(dir, 'catalogue.json');
    const result = await run(demo, 'goods import', [file]);
    const total = new Set((await exportCatalogue(demo.db)).map((r) => r.code)).size;
    expect(result.data).toMatchObject({ created: [], unchanged: 0 });
    expect((result.data as { updated: { goods: string[]; skus: string[] }[] }).updated.every((u) => u.goods.join() === 'code' && u.skus.length === 0)).toBe(true);
    expect((await demo.db.selectFrom('goods_goods').select('code').where('code', 'like', 'goods-%').execute()).length).toBe(total);
    expect((await run(demo, 'goods import', [file])).lines[0]).toMatch(`0 goods added, 0 updated, ${total} unchanged`);
  });
});
