/**
 * What other plugins may use of the catalogue on the server (cart, order, flash sales): SKUs as
 * they can be sold now, and stock reserved or released with conditional updates so it never
 * goes below zero, however many orders race for the last item. Import this file only.
 */
import type { Db, Lang, Tx } from '@kernel/server/plugin';
import { statement } from '@kernel/server/db-statement';
import { textIn } from '@kernel/core/language';
import { specText } from './localized';
import { parseJson } from './mappers';
import type {} from './tables';

export interface SkuForSale {
  goodsId: number;
  skuId: number;
  name: string;
  /** The English name, '' when the catalogue has none. */
  nameEn: string;
  /** The SKU's picture, else the goods'. */
  image: string;
  /** The chosen spec values, e.g. "红 / L"; empty for a goods without specs. */
  specText: string;
  /** The same with the values the catalogue translated in English ("Red / L"); '' without specs. */
  specTextEn: string;
  /** Fen. */
  price: number;
  stock: number;
  /** On sale (goods status 1). */
  onSale: boolean;
}

const skuRows = (db: Db | Tx) =>
  db
    .selectFrom('goods_sku as s')
    .innerJoin('goods_goods as g', 'g.id', 's.goods_id')
    .select(['s.id as sku_id', 's.goods_id', 's.spec', 's.price', 's.stock', 's.image as sku_image', 'g.name', 'g.name_en', 'g.spec_values_en', 'g.image', 'g.status']);
const oneSku = statement((db, a: { id: number }) => skuRows(db).where('s.id', '=', a.id));

const isTextMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

/** A SKU's name and spec text in a language (the Chinese where the catalogue has no English). */
const skuText = (sku: Pick<SkuForSale, 'name' | 'nameEn' | 'specText' | 'specTextEn'>, lang: Lang): { name: string; specText: string } => ({
  name: textIn(lang, sku.name, sku.nameEn),
  specText: textIn(lang, sku.specText, sku.specTextEn),
});

/**
 * The given SKUs by id; a SKU that does not exist is missing from the map. `name` and `specText`
 * are in `lang` (Chinese by default; where the catalogue has no English, Chinese).
 */
export async function skusForSale(db: Db | Tx, skuIds: readonly number[], lang: Lang = 'zh-Hans'): Promise<Map<number, SkuForSale>> {
  if (skuIds.length === 0) return new Map();
  const ids = [...new Set(skuIds)];
  // One SKU (buy now, a flash sale) is the hot case: its query is compiled once.
  const rows = ids.length === 1 ? (await oneSku(db, { id: ids[0] })).rows : await skuRows(db).where('s.id', 'in', ids).execute();
  return new Map(
    rows.map((r) => {
      const spec = parseJson<Record<string, string>>(r.spec, {}, isTextMap);
      const text = { name: r.name, nameEn: r.name_en, specText: specText(spec), specTextEn: specText(spec, parseJson<Record<string, string>>(r.spec_values_en, {}, isTextMap)) };
      return [
        r.sku_id,
        {
          goodsId: r.goods_id,
          skuId: r.sku_id,
          ...text,
          ...skuText(text, lang),
          image: r.sku_image || r.image,
          price: r.price,
          stock: r.stock,
          onSale: r.status === 1,
        },
      ];
    }),
  );
}

/**
 * Takes `quantity` from a SKU if that much is left; false (nothing changed) otherwise. One
 * conditional update of the SKU's row, which checks and takes at once: safe in a hot transaction
 * (READ COMMITTED), no update is lost and stock never goes below zero. The goods' stock is the sum
 * of its SKUs' (computed when read), so there is no goods row to update. An order of several lines
 * takes its SKUs in id order, so two orders never wait on each other in a circle.
 */
export async function reserveStock(tx: Tx, skuId: number, quantity: number): Promise<boolean> {
  return (await takeSkuStock(tx, { skuId, quantity })).rows.length > 0;
}

// Placing an order runs this on every confirmation: compiled once.
const takeSkuStock = statement((db, a: { skuId: number; quantity: number }) =>
  db
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '-', a.quantity) }))
    .where('id', '=', a.skuId)
    .where('stock', '>=', a.quantity)
    .returning('id'),
);

/** Gives reserved stock back to the SKU (a cancelled order); the goods' total follows, being their sum. */
export async function releaseStock(tx: Tx, skuId: number, quantity: number): Promise<void> {
  await tx
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', skuId)
    .execute();
}

/** Counts a paid sale on the goods (the "已售" figure). */
export async function recordSale(tx: Tx, goodsId: number, quantity: number): Promise<void> {
  await tx.updateTable('goods_goods').set((eb) => ({ sales: eb('sales', '+', quantity) })).where('id', '=', goodsId).execute();
}

/** The province → city → district tree `/api/goods/areaTree` serves, read once (addresses check against it). */
export { areaTree } from './area';
export { cardsByIds } from './service';
export type { AreaNode, GoodsCard } from './contract';
