/**
 * Writing the catalogue (the demo seed, `goods create`, `goods import`). Detail HTML is sanitized on
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
  /** The operator's code an import finds the goods by (goods_007); '' or left out for none. */
  code?: string;
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

/** The goods row `input` makes, its price derived from its SKUs (and its stock their sum, when read). */
function goodsRow(input: NewGoods) {
  const images = input.images ?? [];
  return {
    category_id: input.categoryId,
    brand_id: input.brandId,
    name: input.name,
    subtitle: input.subtitle ?? '',
    image: input.image ?? images[0] ?? '',
    images: JSON.stringify(images),
    price: skuTotals(input.skus).price,
    market_price: input.marketPrice,
    unit: input.unit,
    model: input.model ?? '',
    packing_list: input.packingList ?? '',
    specs: JSON.stringify(input.specs),
    detail_html: sanitizeRichText(input.detailHtml),
    status: input.onSale === false ? 0 : 1,
    recommend: input.recommend ? 1 : 0,
    name_en: input.nameEn ?? '',
    spec_names_en: JSON.stringify(input.specNamesEn ?? {}),
    subtitle_en: input.subtitleEn ?? '',
    detail_html_en: input.detailHtmlEn ? sanitizeRichText(input.detailHtmlEn) : '',
    spec_values_en: JSON.stringify(input.specValuesEn ?? {}),
    code: input.code ?? '',
  };
}

function skuRow(goodsId: number, input: NewGoods, sku: SkuInput) {
  return {
    goods_id: goodsId,
    spec: JSON.stringify(sku.spec),
    spec_key: specKey(input.specs, sku.spec),
    price: sku.price,
    market_price: skuMarketPrice({ marketPrice: input.marketPrice, lowestPrice: skuTotals(input.skus).price }, sku),
    stock: sku.stock,
    image: sku.image ?? '',
  };
}

function checkSkus(input: NewGoods): void {
  const problems = skuProblems(input.name, input.specs, input.skus);
  if (problems.length) throw new Error(`cannot write goods:\n  - ${problems.join('\n  - ')}`);
}

export async function createGoods(db: Db, input: NewGoods): Promise<number> {
  return (await createGoodsMany(db, [input]))[0];
}

// A batch of rows per statement (an import of thousands of goods is a few dozen statements); well
// under SQLite's and PostgreSQL's limits on a statement's parameters.
const GOODS_BATCH = 400;
const SKU_BATCH = 2000;

/**
 * Writes many goods and their SKUs in a few statements; their ids in the order given. Ids ascend
 * in the order rows are inserted by one statement (SQLite's rowid, PostgreSQL's sequence), so the
 * returned ids, sorted, line up with the rows.
 */
export async function createGoodsMany(db: Db, inputs: readonly NewGoods[]): Promise<number[]> {
  inputs.forEach(checkSkus);
  const ids: number[] = [];
  for (let i = 0; i < inputs.length; i += GOODS_BATCH) {
    const batch = inputs.slice(i, i + GOODS_BATCH);
    const rows = await db
      .insertInto('goods_goods')
      .values(batch.map((input) => ({ ...goodsRow(input), sales: input.sales ?? 0, created_at: input.createdAt })))
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id).sort((a, b) => a - b));
  }
  const skus = inputs.flatMap((input, i) => input.skus.map((sku) => skuRow(ids[i], input, sku)));
  for (let i = 0; i < skus.length; i += SKU_BATCH) await db.insertInto('goods_sku').values(skus.slice(i, i + SKU_BATCH)).execute();
  return ids;
}

/** What an update keeps as it was: counted by the shop, not described by the operator. */
export type GoodsUpdate = Omit<NewGoods, 'sales' | 'createdAt'>;

/** A SKU's identity within its goods whatever the order of its specs: what `updateGoods` matches SKUs by. */
export const skuIdentity = (spec: Record<string, string>) => JSON.stringify(Object.entries(spec).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export interface GoodsChanges {
  /** The goods' columns that changed (`name`, `price`, `images` …). */
  goods: string[];
  /** The SKUs' columns that changed (`price`, `stock` …), and `added` for SKUs added. */
  skus: string[];
}

/** Columns an update leaves as they are, whatever the input says (an import file without them). */
export interface KeptColumns {
  goods?: ReadonlySet<string>;
  sku?: ReadonlySet<string>;
}

/**
 * Rewrites a goods from `input`, only the columns that differ and are not `kept`: its SKUs found by
 * their spec values (updated, or added when new), its sales and listing time kept. A SKU the input
 * leaves out stays as it is. What changed; nothing when the goods already reads as `input`.
 */
export async function updateGoods(db: Db, goodsId: number, input: GoodsUpdate, kept: KeptColumns = {}): Promise<GoodsChanges> {
  checkSkus({ ...input, createdAt: 0 });
  const full: NewGoods = { ...input, createdAt: 0 };
  const current = await db.selectFrom('goods_goods').selectAll().where('id', '=', goodsId).executeTakeFirstOrThrow();
  const next = goodsRow(full);
  const changed = Object.fromEntries(Object.entries(next).filter(([column, value]) => !kept.goods?.has(column) && current[column as keyof typeof current] !== value));
  if (Object.keys(changed).length) await db.updateTable('goods_goods').set(changed).where('id', '=', goodsId).execute();
  const skuChanges = new Set<string>();
  const stored = new Map((await db.selectFrom('goods_sku').selectAll().where('goods_id', '=', goodsId).execute()).map((s) => [skuIdentity(JSON.parse(s.spec) as Record<string, string>), s]));
  const added = [];
  const updates: { id: number; set: Record<string, unknown> }[] = [];
  for (const sku of input.skus) {
    const row = skuRow(goodsId, full, sku);
    const was = stored.get(skuIdentity(sku.spec));
    if (!was) {
      added.push(row);
      continue;
    }
    const set = Object.fromEntries(Object.entries(row).filter(([column, value]) => !kept.sku?.has(column) && was[column as keyof typeof was] !== value));
    if (Object.keys(set).length) updates.push({ id: was.id, set });
    for (const column of Object.keys(set)) skuChanges.add(column);
  }
  // Specs put in another order rekey the SKUs, and one's new key may be another's old one: each
  // moves to a key no SKU has ('#<id>'; real keys are JSON arrays) before taking its new one.
  const rekeyed = updates.filter((u) => 'spec_key' in u.set).map((u) => u.id);
  for (const id of rekeyed) await db.updateTable('goods_sku').set({ spec_key: `#${id}` }).where('id', '=', id).execute();
  for (const { id, set } of updates) await db.updateTable('goods_sku').set(set).where('id', '=', id).execute();
  if (added.length) {
    await db.insertInto('goods_sku').values(added).execute();
    skuChanges.add('added');
  }
  return { goods: Object.keys(changed), skus: [...skuChanges] };
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
