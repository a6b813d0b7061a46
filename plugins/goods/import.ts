/**
 * `storefront goods import <file>`: a catalogue file (./import-columns.ts) written into the shop
 * in one transaction, or nothing at all when any row is wrong. Goods are found by their code: a
 * new code adds goods, a known one rewrites what the file describes of them (names, prices,
 * stock, pictures, category …) and keeps what the shop counts (sales, the time they were listed).
 * Categories and brands are found by name and made when missing. Importing a file twice changes
 * nothing the second time. A dry run does all of it in a transaction it then rolls back, copying
 * no picture: the same report, nothing written.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { keepPicture, pictureSource, plannedPictureUrl, type PictureSource } from '@kernel/server/operator-pictures';
import { OperatorError, type OperatorContext, type Tx } from '@kernel/server/plugin';
import { createBrand, createCategory, createGoodsMany, skuIdentity, updateGoods, type GoodsUpdate, type KeptColumns, type NewGoods } from './admin.service';
import { idInCode } from './export';
import type { Column } from './import-columns';
import { checkRows, listOf, type ImportGoods, type Problem } from './import-check';
import { fileRows, type FileRow } from './import-rows';
import { initialOf } from './initials';

/** Where copied pictures go among the uploads: `/uploads/goods/<hash>.jpg`. */
const PICTURE_FOLDER = 'goods';

export interface ImportResult {
  file: string;
  /** The goods added, by code, with their new id (null in a dry run: none was kept). */
  created: { code: string; id: number | null }[];
  updated: { code: string; id: number; goods: string[]; skus: string[] }[];
  unchanged: number;
  categoriesCreated: string[];
  brandsCreated: string[];
  /** A dry run: what would have been written, nothing was. */
  dryRun?: true;
}

/** Carries a dry run's report out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

type Ctx = Pick<OperatorContext, 'db' | 'services'>;

/** Reads, checks and writes; an OperatorError naming every problem (and writing nothing) when the file is wrong. */
export async function importCatalogue(ctx: Ctx, file: string, { dryRun = false }: { dryRun?: boolean } = {}): Promise<ImportResult> {
  const fullPath = path.resolve(file);
  let text: string;
  try {
    text = await readFile(fullPath, 'utf8');
  } catch (error) {
    throw new OperatorError(`cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const read = fileRows(fullPath, text);
  if (read.problems.length === 0 && read.rows.length === 0) throw new OperatorError(`"${file}" holds no goods: nothing to import`);
  const checked = checkRows(read.rows);
  const problems: Problem[] = [...checked.problems];
  const pictures = await checkPictures(read.rows, path.dirname(fullPath), problems);

  const written = ctx.db.transaction().execute(async (tx) => {
    const existing = await existingGoods(tx, checked.goods.map((g) => g.code));
    problems.push(...leftOutSkus(checked.goods, existing));
    if (read.problems.length || problems.length) {
      const all = [...read.problems, ...problems.sort((a, b) => a.row - b.row).map((p) => p.text)];
      throw new OperatorError(`"${file}": ${all.length} problem${all.length === 1 ? '' : 's'}, nothing imported:\n  ${all.join('\n  ')}`);
    }
    const urls = new Map<string, string>();
    for (const [given, source] of pictures) urls.set(given, dryRun ? await plannedPictureUrl(PICTURE_FOLDER, source) : await keepPicture(ctx.services.uploads, PICTURE_FOLDER, source));
    const places = await placesOf(tx, checked.goods);
    const writeOf = (g: ImportGoods): GoodsUpdate => ({
      code: g.code,
      categoryId: places.category(g.category),
      brandId: g.brand ? places.brand(g.brand) : null,
      name: g.name,
      nameEn: g.nameEn,
      subtitle: g.subtitle,
      subtitleEn: g.subtitleEn,
      images: g.images.map((i) => urls.get(i) ?? i),
      marketPrice: g.marketPrice,
      unit: g.unit,
      model: g.model,
      packingList: g.packingList,
      specs: g.specs,
      specNamesEn: g.specNamesEn,
      specValuesEn: g.specValuesEn,
      skus: g.skus.map((s) => ({ spec: s.spec, price: s.price, marketPrice: s.marketPrice, stock: s.stock, image: s.image ? (urls.get(s.image) ?? s.image) : '' })),
      detailHtml: g.detail,
      detailHtmlEn: g.detailEn,
      onSale: g.onSale,
      recommend: g.recommend,
    });
    const kept = keptColumns(read.columns);
    const fresh = checked.goods.filter((g) => !existing.has(g.code));
    const now = ctx.services.clock.nowSeconds();
    const ids = await createGoodsMany(tx, fresh.map((g): NewGoods => ({ ...writeOf(g), sales: g.sales, createdAt: now })));
    const result: ImportResult = {
      file,
      created: fresh.map((g, i) => ({ code: g.code, id: ids[i] })),
      updated: [],
      unchanged: 0,
      categoriesCreated: places.categoriesCreated,
      brandsCreated: places.brandsCreated,
    };
    for (const g of checked.goods) {
      const was = existing.get(g.code);
      if (!was) continue;
      const changes = await updateGoods(tx, was.id, writeOf(g), kept);
      if (changes.goods.length || changes.skus.length) result.updated.push({ code: g.code, id: was.id, ...changes });
      else result.unchanged += 1;
    }
    if (dryRun) throw new DryRun({ ...result, created: result.created.map(({ code }) => ({ code, id: null })), dryRun: true });
    return result;
  });
  return written.catch((error: unknown) => {
    if (error instanceof DryRun) return error.result;
    throw error;
  });
}

// The database columns each optional file column writes.
const GOODS_WRITES: Partial<Record<Column, string[]>> = {
  brand: ['brand_id'], name_en: ['name_en'], subtitle: ['subtitle'], subtitle_en: ['subtitle_en'], unit: ['unit'], model: ['model'],
  packing_list: ['packing_list'], on_sale: ['status'], recommend: ['recommend'], images: ['image', 'images'], detail: ['detail_html'],
  detail_en: ['detail_html_en'], spec_en: ['spec_names_en', 'spec_values_en'], market_price: ['market_price'],
};
const SKU_WRITES: Partial<Record<Column, string[]>> = { market_price: ['market_price'], sku_image: ['image'] };

/** What an update leaves as it is: a column the file does not have (a file of codes, prices and stock touches nothing else). */
function keptColumns(columns: ReadonlySet<Column>): KeptColumns {
  const absent = (writes: Partial<Record<Column, string[]>>) =>
    new Set(Object.entries(writes).flatMap(([column, written]) => (columns.has(column as Column) ? [] : written)));
  return { goods: absent(GOODS_WRITES), sku: absent(SKU_WRITES) };
}

/** Each picture the file names, checked once; a problem at each row and column naming one that is not usable. */
async function checkPictures(rows: readonly FileRow[], from: string, problems: Problem[]): Promise<Map<string, PictureSource>> {
  const uses = new Map<string, { row: number; column: string }[]>();
  const note = (given: string, row: number, column: string) => uses.set(given, [...(uses.get(given) ?? []), { row, column }]);
  for (const r of rows) {
    for (const image of listOf(r.cells.images)) note(image, r.row, 'images');
    if (r.cells.sku_image) note(r.cells.sku_image, r.row, 'sku_image');
  }
  const sources = new Map<string, PictureSource>();
  for (const [given, at] of uses) {
    const source = await pictureSource(given, from);
    if ('problem' in source) for (const { row, column } of at) problems.push({ row, text: `row ${row}, ${column}: ${source.problem}` });
    else sources.set(given, source);
  }
  return sources;
}

interface StoredGoods {
  id: number;
  /** The identities (skuIdentity) of its SKUs and their spec text. */
  skus: Map<string, string>;
}

async function existingGoods(tx: Tx, codes: readonly string[]): Promise<Map<string, StoredGoods>> {
  const found = new Map<string, StoredGoods>();
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await tx.selectFrom('goods_goods').select(['id', 'code']).where('code', 'in', codes.slice(i, i + 500)).execute();
    for (const r of rows) found.set(r.code, { id: r.id, skus: new Map() });
  }
  // Goods made without a code are exported as `goods-<id>`: that code finds them (and gives it to them).
  const byOwnId = new Map(codes.filter((code) => !found.has(code)).flatMap((code) => (idInCode(code) === null ? [] : [[idInCode(code) as number, code] as const])));
  const ownIds = [...byOwnId.keys()];
  for (let i = 0; i < ownIds.length; i += 500) {
    const rows = await tx.selectFrom('goods_goods').select('id').where('id', 'in', ownIds.slice(i, i + 500)).where('code', '=', '').execute();
    for (const r of rows) found.set(byOwnId.get(r.id) as string, { id: r.id, skus: new Map() });
  }
  const byId = new Map([...found.values()].map((g) => [g.id, g]));
  const ids = [...byId.keys()];
  for (let i = 0; i < ids.length; i += 500) {
    const skus = await tx.selectFrom('goods_sku').select(['goods_id', 'spec']).where('goods_id', 'in', ids.slice(i, i + 500)).execute();
    for (const s of skus) {
      const spec = JSON.parse(s.spec) as Record<string, string>;
      byId.get(s.goods_id)?.skus.set(skuIdentity(spec), Object.entries(spec).map(([k, v]) => `${k}:${v}`).join('|'));
    }
  }
  return found;
}

/**
 * A SKU is never deleted by an import (orders and carts point at it): a file that updates goods
 * lists every SKU they have, with stock 0 for one no longer sold.
 */
function leftOutSkus(goods: readonly ImportGoods[], existing: ReadonlyMap<string, StoredGoods>): Problem[] {
  const problems: Problem[] = [];
  for (const g of goods) {
    const stored = existing.get(g.code);
    if (!stored) continue;
    const given = new Set(g.skus.map((s) => skuIdentity(s.spec)));
    const missing = [...stored.skus].filter(([identity]) => !given.has(identity)).map(([, text]) => text || '(no specs)');
    if (missing.length) {
      problems.push({
        row: g.row,
        text: `row ${g.row}, spec: goods ${g.code} (${stored.id}) has SKU${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')} in the shop, which the file leaves out: an import never deletes a SKU, list it with stock 0 to stop selling it`,
      });
    }
  }
  return problems;
}

/** Categories (by name path) and brands (by name), made when missing. */
async function placesOf(tx: Tx, goods: readonly ImportGoods[]) {
  const categories = await tx.selectFrom('goods_category').select(['id', 'parent_id', 'name']).orderBy('id').execute();
  const categoryIds = new Map<string, number>();
  const childCount = new Map<number, number>();
  for (const c of categories) {
    const key = `${c.parent_id}/${c.name}`;
    if (!categoryIds.has(key)) categoryIds.set(key, c.id);
    childCount.set(c.parent_id, (childCount.get(c.parent_id) ?? 0) + 1);
  }
  const brands = await tx.selectFrom('goods_brand').select(['id', 'name']).orderBy('id').execute();
  const brandIds = new Map<string, number>();
  for (const b of brands) if (!brandIds.has(b.name)) brandIds.set(b.name, b.id);
  const categoriesCreated: string[] = [];
  const brandsCreated: string[] = [];

  for (const g of goods) {
    let parentId = 0;
    for (const [level, name] of g.category.entries()) {
      const key = `${parentId}/${name}`;
      let id = categoryIds.get(key);
      if (id === undefined) {
        const sort = childCount.get(parentId) ?? 0;
        id = await createCategory(tx, { parentId, name, nameEn: g.categoryEn[level], initials: initialOf(name), sort });
        childCount.set(parentId, sort + 1);
        categoryIds.set(key, id);
        categoriesCreated.push(g.category.slice(0, level + 1).join('/'));
      }
      parentId = id;
    }
    if (g.brand && !brandIds.has(g.brand)) {
      brandIds.set(g.brand, await createBrand(tx, { name: g.brand, nameEn: g.brandEn, initials: initialOf(g.brand), sort: brandIds.size }));
      brandsCreated.push(g.brand);
    }
  }
  return {
    categoriesCreated,
    brandsCreated,
    category: (names: readonly string[]) => names.reduce((parent, name) => categoryIds.get(`${parent}/${name}`) as number, 0),
    brand: (name: string) => brandIds.get(name) as number,
  };
}
