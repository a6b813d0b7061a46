/**
 * Test helpers. Server tests: SKUs of the seeded demo catalogue to put in carts, and the catalogue
 * changes (stock, price, shelving) a cart must react to. Browser tests: cart lines on the wire.
 */
import type { Db } from '@kernel/server/plugin';
import type { CartLine, CartView } from './contract';

export interface SeededSku {
  goodsId: number;
  skuId: number;
  name: string;
  /** Fen. */
  price: number;
}

/** Every SKU of the on-sale goods with more than one SKU (specs), and of those with exactly one. */
export async function seededSkus(db: Db): Promise<{ withSpecs: SeededSku[][]; single: SeededSku[] }> {
  const rows = await db
    .selectFrom('goods_sku as s')
    .innerJoin('goods_goods as g', 'g.id', 's.goods_id')
    .select(['s.id as skuId', 's.goods_id as goodsId', 'g.name', 's.price'])
    .where('g.status', '=', 1)
    .orderBy('s.goods_id')
    .orderBy('s.id')
    .execute();
  const byGoods = new Map<number, SeededSku[]>();
  for (const row of rows) byGoods.set(row.goodsId, [...(byGoods.get(row.goodsId) ?? []), row]);
  const groups = [...byGoods.values()];
  return { withSpecs: groups.filter((g) => g.length > 1), single: groups.filter((g) => g.length === 1).map((g) => g[0]) };
}

export const setStock = (db: Db, skuId: number, stock: number) => db.updateTable('goods_sku').set({ stock }).where('id', '=', skuId).execute();
export const setPrice = (db: Db, skuId: number, price: number) => db.updateTable('goods_sku').set({ price }).where('id', '=', skuId).execute();
export const setOnSale = (db: Db, goodsId: number, onSale: boolean) =>
  db.updateTable('goods_goods').set({ status: onSale ? 1 : 0 }).where('id', '=', goodsId).execute();

/** The stored lines of one shopper, oldest first: what a refusal must leave untouched. */
export const storedLines = (db: Db, userId: number) =>
  db.selectFrom('cart_line').select(['id', 'sku_id', 'quantity', 'selected']).where('user_id', '=', userId).orderBy('id').execute();

/** A line as the server answers it: ¥10.00 each, one of ten in stock, selected. */
export const cartLine = (id: number, fields: Partial<CartLine> = {}): CartLine => ({
  id, goods_id: id, sku_id: id * 10, name: `商品${id}`, image: '', spec: '', sale_num: 1, sale_price: '10.00', total: '10.00',
  stock: 10, selected: true, on_sale: true, valid: true, ...fields,
});

export const cartView = (...lines: CartLine[]): CartView => ({ cartNum: lines.reduce((sum, l) => sum + l.sale_num, 0), cartList: lines });
