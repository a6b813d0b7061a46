/**
 * The goods plugin's tables as Kysely sees them, merged into the kernel's `Database`.
 * Money is integer fen; times are unix seconds; JSON columns hold text.
 */
import type { Generated } from 'kysely';

export interface GoodsCategoryTable {
  id: Generated<number>;
  /** 0 for a first-level category. */
  parent_id: number;
  name: string;
  image: string;
  /** Pinyin initial of the name, upper case (the wire spells it `initails`). */
  initials: string;
  /** Lower comes first. */
  sort: number;
  /** English name, '' when there is none (goods_003). */
  name_en: Generated<string>;
}

export interface GoodsBrandTable {
  id: Generated<number>;
  name: string;
  logo: string;
  initials: string;
  sort: number;
  /** English name, '' when there is none (goods_004). */
  name_en: Generated<string>;
}

export interface GoodsGoodsTable {
  id: Generated<number>;
  category_id: number;
  brand_id: number | null;
  name: string;
  subtitle: string;
  image: string;
  /** JSON array of image paths for the gallery. */
  images: string;
  /** Lowest SKU price, fen. */
  price: number;
  market_price: number;
  // No stock: a goods' stock is the sum of its SKUs' (goods_005), computed when read.
  sales: number;
  unit: string;
  model: string;
  packing_list: string;
  /** JSON `[{ name, values[] }]`: the attribute specs a shopper chooses from. */
  specs: string;
  /** Sanitized when written and again when read. */
  detail_html: string;
  /** 1 on sale, 0 off sale. */
  status: number;
  recommend: number;
  created_at: number;
  /** English name, '' when there is none (goods_003). */
  name_en: Generated<string>;
  /** JSON object spec name → English name (goods_003). */
  spec_names_en: Generated<string>;
  /** English subtitle, '' when there is none (goods_004). */
  subtitle_en: Generated<string>;
  /** English detail HTML (sanitized like `detail_html`), '' when there is none (goods_004). */
  detail_html_en: Generated<string>;
  /** JSON object spec value → English value, e.g. {"曜石黑":"Obsidian Black"} (goods_004). */
  spec_values_en: Generated<string>;
  /** The operator's code (`JG-X5`) an import finds the goods by; unique when not '' (goods_007). */
  code: Generated<string>;
}

export interface GoodsSkuTable {
  id: Generated<number>;
  goods_id: number;
  /** JSON object of spec name → value, e.g. {"颜色":"红","尺寸":"L"}. */
  spec: string;
  /** `specKey()` of the spec: its values in the goods' spec order; unique per goods. */
  spec_key: string;
  price: number;
  /** The crossed-out "was" price of this SKU, fen; 0 = none (goods_002). */
  market_price: Generated<number>;
  stock: number;
  image: string;
}

declare module '@kernel/server/database' {
  interface Database {
    goods_category: GoodsCategoryTable;
    goods_brand: GoodsBrandTable;
    goods_goods: GoodsGoodsTable;
    goods_sku: GoodsSkuTable;
  }
}
