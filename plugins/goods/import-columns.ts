/**
 * The catalogue file `storefront goods import` reads and `storefront goods export` writes: one row
 * per SKU, in CSV (a header of these column names) or JSON (an array of objects with these keys).
 * The goods' own columns may be given on one of its rows (the export writes them on the first) or
 * repeated on each; its rows are found by `code`. Money in yuan, as the shop shows it.
 */
export const GOODS_COLUMNS = [
  'code', 'category', 'category_en', 'brand', 'brand_en', 'name', 'name_en', 'subtitle', 'subtitle_en',
  'unit', 'model', 'packing_list', 'on_sale', 'recommend', 'sales', 'images', 'detail', 'detail_en',
] as const;
export const SKU_COLUMNS = ['spec', 'spec_en', 'price', 'market_price', 'stock', 'sku_image'] as const;
/** In the order the export writes them (the SKU's before the long detail text). */
export const COLUMNS = [...GOODS_COLUMNS.slice(0, -2), ...SKU_COLUMNS, ...GOODS_COLUMNS.slice(-2)] as const;

export type GoodsColumn = (typeof GOODS_COLUMNS)[number];
export type Column = (typeof COLUMNS)[number];

/** A row as the file holds it: each column's text ('' when empty). */
export type CatalogueRow = Record<Column, string>;

/** Columns every file has; the others may be left out. */
export const REQUIRED_COLUMNS: readonly Column[] = ['code', 'category', 'name', 'price', 'stock'];

/** Separates the parts of a multi-part cell: pictures, spec pairs. */
export const LIST_SEPARATOR = '|';
/** Separates the levels of a category path: `数码/手机`. */
export const PATH_SEPARATOR = '/';
