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
 * Takes `quantity` from a SKU and its goods if that much is left; false (nothing changed) otherwise.
 * Safe in a hot transaction (READ COMMITTED): the SKU's update checks and takes at once, and the
 * goods' `stock = stock - n` is applied to the row as it is committed, so no update is lost. It
 * locks the SKU's row, then the goods': an order of several lines takes them in SKU id order, so
 * two orders never wait on each other in a circle.
 */
export async function reserveStock(tx: Tx, skuId: number, quantity: number): Promise<boolean> {
  const [sku] = (await takeSkuStock(tx, { skuId, quantity })).rows;
  if (!sku) return false;
  await takeGoodsStock(tx, { goodsId: sku.goods_id, quantity });
  return true;
}

// Placing an order runs these on every confirmation: compiled once.
const takeSkuStock = statement((db, a: { skuId: number; quantity: number }) =>
  db
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '-', a.quantity) }))
    .where('id', '=', a.skuId)
    .where('stock', '>=', a.quantity)
    .returning('goods_id'),
);
const takeGoodsStock = statement((db, a: { goodsId: number; quantity: number }) =>
  db.updateTable('goods_goods').set((eb) => ({ stock: eb('stock', '-', a.quantity) })).where('id', '=', a.goodsId),
);

/** Gives reserved stock back (a cancelled order). */
export async function releaseStock(tx: Tx, skuId: number, quantity: number): Promise<void> {
  const sku = await tx
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', skuId)
    .returning('goods_id')
    .executeTakeFirst();
  if (sku) await tx.updateTable('goods_goods').set((eb) => ({ stock: eb('stock', '+', quantity) })).where('id', '=', sku.goods_id).execute();
}

/** Counts a paid sale on the goods (the "已售" figure). */
export async function recordSale(tx: Tx, goodsId: number, quantity: number): Promise<void> {
  await tx.updateTable('goods_goods').set((eb) => ({ sales: eb('sales', '+', quantity) })).where('id', '=', goodsId).execute();
}

/** The province → city → district tree `/api/goods/areaTree` serves, read once (addresses check against it). */
export { areaTree } from './area';
export type { AreaNode } from './contract';
