/**
 * Writing the catalogue (the demo seed today, operator tools later). Detail HTML is sanitized on
 * the way in, and the goods row's price is derived from its SKUs (its stock is their sum, computed when read).
 * Pass a transaction to write a goods and its SKUs atomically.
 */
import type { Db } from '@kernel/server/plugin';
import type { SpecDimension } from './contract';
import { skuMarketPrice, skuProblems, skuTotals, type SkuInput } from './catalogue-rules';
import { sanitizeRichText } from '@kernel/server/rich-text';
import { specKey } from './sku';
import type {} from './tables';

export interface NewCategory {
  parentId: number;
  name: string;
  /** English name, served to English requests. */
  nameEn?: string;
  image?: string;
  initials: string;
  sort?: number;
}

export interface NewBrand {
  name: string;
  /** English name, served to English requests. */
  nameEn?: string;
  logo?: string;
  initials: string;
  sort?: number;
}

export interface NewGoods {
  categoryId: number;
  brandId: number | null;
  name: string;
  subtitle?: string;
  image?: string;
  images?: string[];
  /** Fen: the "was" price beside the lowest SKU price; SKUs without their own follow it. */
  marketPrice: number;
  sales?: number;
  unit: string;
  model?: string;
  packingList?: string;
  specs: SpecDimension[];
  skus: SkuInput[];
  detailHtml: string;
  /** Optional English text, served to English requests. */
  nameEn?: string;
  /** Spec name → English name. */
  specNamesEn?: Record<string, string>;
  subtitleEn?: string;
  /** Sanitized like `detailHtml`. */
  detailHtmlEn?: string;
  /** Spec value → English value. */
  specValuesEn?: Record<string, string>;
  onSale?: boolean;
  recommend?: boolean;
  /** Unix seconds. */
  createdAt: number;
}

export async function createCategory(db: Db, input: NewCategory): Promise<number> {
  const row = await db
    .insertInto('goods_category')
    .values({
      parent_id: input.parentId,
      name: input.name,
      name_en: input.nameEn ?? '',
      image: input.image ?? '',
      initials: input.initials.toUpperCase(),
      sort: input.sort ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createBrand(db: Db, input: NewBrand): Promise<number> {
  const row = await db
    .insertInto('goods_brand')
    .values({ name: input.name, name_en: input.nameEn ?? '', logo: input.logo ?? '', initials: input.initials.toUpperCase(), sort: input.sort ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createGoods(db: Db, input: NewGoods): Promise<number> {
  const problems = skuProblems(input.name, input.specs, input.skus);
  if (problems.length) throw new Error(`cannot create goods:\n  - ${problems.join('\n  - ')}`);
  const { price } = skuTotals(input.skus);
  const images = input.images ?? [];
  const goods = await db
    .insertInto('goods_goods')
    .values({
      category_id: input.categoryId,
      brand_id: input.brandId,
      name: input.name,
      subtitle: input.subtitle ?? '',
      image: input.image ?? images[0] ?? '',
      images: JSON.stringify(images),
      price,
      market_price: input.marketPrice,
      sales: input.sales ?? 0,
      unit: input.unit,
      model: input.model ?? '',
      packing_list: input.packingList ?? '',
      specs: JSON.stringify(input.specs),
      detail_html: sanitizeRichText(input.detailHtml),
      status: input.onSale === false ? 0 : 1,
      recommend: input.recommend ? 1 : 0,
      created_at: input.createdAt,
      name_en: input.nameEn ?? '',
      spec_names_en: JSON.stringify(input.specNamesEn ?? {}),
      subtitle_en: input.subtitleEn ?? '',
      detail_html_en: input.detailHtmlEn ? sanitizeRichText(input.detailHtmlEn) : '',
      spec_values_en: JSON.stringify(input.specValuesEn ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('goods_sku')
    .values(
      input.skus.map((sku) => ({
        goods_id: goods.id,
        spec: JSON.stringify(sku.spec),
        spec_key: specKey(input.specs, sku.spec),
        price: sku.price,
        market_price: skuMarketPrice({ marketPrice: input.marketPrice, lowestPrice: price }, sku),
        stock: sku.stock,
        image: sku.image ?? '',
      })),
    )
    .execute();
  return goods.id;
}

/**
 * Pictures (and the detail that shows them, in Chinese and optionally English) are often made
 * after the goods exists: their names carry its id.
 */
export async function setGoodsMedia(db: Db, goodsId: number, images: string[], detailHtml?: string, detailHtmlEn?: string): Promise<void> {
  await db
    .updateTable('goods_goods')
    .set({
      image: images[0] ?? '',
      images: JSON.stringify(images),
      ...(detailHtml === undefined ? {} : { detail_html: sanitizeRichText(detailHtml) }),
      ...(detailHtmlEn === undefined ? {} : { detail_html_en: sanitizeRichText(detailHtmlEn) }),
    })
    .where('id', '=', goodsId)
    .execute();
}

/** Sets one SKU's stock and reads the goods' total (the sum of its SKUs'), in one transaction. Null when the SKU does not exist. */
export async function setSkuStock(db: Db, skuId: number, stock: number): Promise<{ goodsId: number; goodsStock: number } | null> {
  if (!Number.isSafeInteger(stock) || stock < 0) throw new RangeError(`stock must be a whole number ≥ 0, got ${stock}`);
  return db.transaction().execute(async (tx) => {
    const sku = await tx.updateTable('goods_sku').set({ stock }).where('id', '=', skuId).returning('goods_id').executeTakeFirst();
    if (!sku) return null;
    const total = await tx
      .selectFrom('goods_sku')
      .select((eb) => eb.fn.sum<number>('stock').as('stock'))
      .where('goods_id', '=', sku.goods_id)
      .executeTakeFirstOrThrow();
    // sum() is a bigint on PostgreSQL (a string in node-postgres).
    const goodsStock = Number(total.stock ?? 0);
    return { goodsId: sku.goods_id, goodsStock };
  });
}

/** Puts goods on or off sale; false when it does not exist. Off-sale goods keep their data and orders. */
export async function setOnSale(db: Db, goodsId: number, onSale: boolean): Promise<boolean> {
  const result = await db.updateTable('goods_goods').set({ status: onSale ? 1 : 0 }).where('id', '=', goodsId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
