/**
 * `storefront goods export`: every goods with its SKUs as the rows `goods import` reads
 * (./import-columns.ts), so an export imported into an empty shop gives the same catalogue, and an
 * export edited (prices, stock) and imported again updates the shop. The goods' own columns are on
 * its first row; each row has the code and one SKU.
 */
import { formatYuan } from '@kernel/core/money';
import type { Db } from '@kernel/server/plugin';
import type { SpecDimension } from './contract';
import { COLUMNS, LIST_SEPARATOR, PATH_SEPARATOR, type Column } from './import-columns';

/** A row as the export writes it: text, with stock and sales as numbers. */
export type ExportRow = Record<Column, string | number>;

/** The code the export gives goods made without one (the demo, `goods create`); importing it finds them by id and gives them that code. */
export const codeFor = (goods: { id: number; code: string }): string => goods.code || `goods-${goods.id}`;
/** The id in a code `codeFor` made, or null. */
export const idInCode = (code: string): number | null => (/^goods-([1-9]\d{0,9})$/.exec(code) ? Number(code.slice('goods-'.length)) : null);

const json = <T>(text: string, fallback: T): T => {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

export async function exportCatalogue(db: Db): Promise<ExportRow[]> {
  const [categories, brands, goods, skus] = await Promise.all([
    db.selectFrom('goods_category').select(['id', 'parent_id', 'name', 'name_en']).execute(),
    db.selectFrom('goods_brand').select(['id', 'name', 'name_en']).execute(),
    db.selectFrom('goods_goods').selectAll().orderBy('id').execute(),
    db.selectFrom('goods_sku').select(['goods_id', 'spec', 'price', 'market_price', 'stock', 'image']).orderBy('goods_id').orderBy('id').execute(),
  ]);
  const category = new Map(categories.map((c) => [c.id, c]));
  const brand = new Map(brands.map((b) => [b.id, b]));
  const pathOf = (id: number) => {
    const levels = [];
    for (let c = category.get(id); c && levels.length < 8; c = category.get(c.parent_id)) levels.unshift(c);
    return levels;
  };
  const skusOf = new Map<number, typeof skus>();
  for (const s of skus) skusOf.set(s.goods_id, [...(skusOf.get(s.goods_id) ?? []), s]);

  const rows: ExportRow[] = [];
  for (const g of goods) {
    const levels = pathOf(g.category_id);
    const b = g.brand_id === null ? undefined : brand.get(g.brand_id);
    const specs = json<SpecDimension[]>(g.specs, []);
    const namesEn = json<Record<string, string>>(g.spec_names_en, {});
    const valuesEn = json<Record<string, string>>(g.spec_values_en, {});
    const goodsColumns = {
      category: levels.map((c) => c.name).join(PATH_SEPARATOR),
      category_en: levels.some((c) => c.name_en) ? levels.map((c) => c.name_en).join(PATH_SEPARATOR) : '',
      brand: b?.name ?? '',
      brand_en: b?.name_en ?? '',
      name: g.name,
      name_en: g.name_en,
      subtitle: g.subtitle,
      subtitle_en: g.subtitle_en,
      unit: g.unit,
      model: g.model,
      packing_list: g.packing_list,
      on_sale: g.status === 1 ? 1 : 0,
      recommend: g.recommend ? 1 : 0,
      sales: Number(g.sales),
      images: json<string[]>(g.images, []).join(LIST_SEPARATOR),
      detail: g.detail_html,
      detail_en: g.detail_html_en,
    };
    for (const [n, s] of (skusOf.get(g.id) ?? []).entries()) {
      const spec = json<Record<string, string>>(s.spec, {});
      const pairs = specs.map((d) => [d.name, spec[d.name] ?? ''] as const);
      const translated = pairs.some(([name, value]) => namesEn[name] || valuesEn[value]);
      const row = Object.fromEntries(COLUMNS.map((c) => [c, ''])) as ExportRow;
      Object.assign(row, n === 0 ? goodsColumns : {}, {
        code: codeFor(g),
        spec: pairs.map(([name, value]) => `${name}:${value}`).join(LIST_SEPARATOR),
        spec_en: translated ? pairs.map(([name, value]) => `${namesEn[name] || name}:${valuesEn[value] || value}`).join(LIST_SEPARATOR) : '',
        price: formatYuan(s.price),
        market_price: s.market_price > 0 ? formatYuan(s.market_price) : '',
        stock: s.stock,
        sku_image: s.image,
      });
      rows.push(row);
    }
  }
  return rows;
}
