/**
 * The cart's rules and storage. Every change runs in one transaction that uses only its `tx`,
 * acts on the caller's own lines (`where user_id = me`), refuses bad input before writing, and
 * answers the cart as it is afterwards. A line never holds more than its SKU's stock at the time
 * of the change; the catalogue is read through the goods plugin's public surface only.
 */
import { BizError } from '@kernel/core/errors';
import { unixSeconds } from '@kernel/server/clock';
import type { Db, Lang, Tx } from '@kernel/server/plugin';
import { skusForSale, type SkuForSale } from '@plugins/goods/public';
import type { CartView } from './contract';
import { onSale, toCartView, type StoredLine } from './lines';
import type {} from './tables';

/** The shopper's stored lines, newest first. */
export function storedLines(db: Db | Tx, userId: number, selectedOnly = false): Promise<StoredLine[]> {
  let query = db
    .selectFrom('cart_line')
    .select(['id', 'goods_id', 'sku_id', 'quantity', 'selected'])
    .where('user_id', '=', userId);
  if (selectedOnly) query = query.where('selected', '=', 1);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The lines' SKUs as the catalogue sells them now, named in `lang`. */
export const skusOf = (db: Db | Tx, lines: readonly StoredLine[], lang: Lang = 'zh-Hans') =>
  skusForSale(db, lines.map((line) => Number(line.sku_id)), lang);

/** The cart, its goods named in the request's language. */
export async function readCart(db: Db | Tx, userId: number, lang: Lang = 'zh-Hans'): Promise<CartView> {
  const lines = await storedLines(db, userId);
  return toCartView(lines, await skusOf(db, lines, lang));
}

/** Refuses a SKU that cannot be put in a cart now. */
function checkSellable(sku: SkuForSale | undefined, goodsId: number): SkuForSale {
  if (!sku) throw new BizError('cart:message.goods_gone');
  if (sku.goodsId !== goodsId) throw new BizError('cart:message.sku_unknown', {}, { field: 'sku_id' });
  if (!sku.onSale) throw new BizError('cart:message.off_sale', { name: sku.name });
  if (sku.stock <= 0) throw new BizError('cart:message.sold_out', { name: sku.name });
  return sku;
}

function stockShort(name: string, stock: number, had: number): BizError {
  return had >= stock
    ? new BizError('cart:message.stock_reached', { name, quantity: had })
    : new BizError('cart:message.stock_short', { name, left: stock - had });
}

export interface AddInput {
  userId: number;
  goodsId: number;
  skuId: number;
  quantity: number;
  /** The site's `maxLines` setting: how many different SKUs one cart may hold. */
  maxLines: number;
  /** Milliseconds, from the kernel's clock. */
  now: number;
  /** The request's: the reply's (and a refusal's) goods names are in it. */
  lang?: Lang;
}

/** Adds a SKU: a new line, or more of the line the shopper already has. */
export function addToCart(db: Db, input: AddInput): Promise<CartView> {
  const { userId, skuId, quantity } = input;
  return db.transaction().execute(async (tx) => {
    const sku = checkSellable((await skusForSale(tx, [skuId], input.lang)).get(skuId), input.goodsId);
    const line = await tx
      .selectFrom('cart_line')
      .select(['quantity'])
      .where('user_id', '=', userId)
      .where('sku_id', '=', skuId)
      .executeTakeFirst();
    const had = Number(line?.quantity ?? 0);
    if (had + quantity > sku.stock) throw stockShort(sku.name, sku.stock, had);
    if (!line) {
      const { count } = await tx
        .selectFrom('cart_line')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= input.maxLines) throw new BizError('cart:message.full', { max: input.maxLines });
    }

    const now = unixSeconds(input.now);
    // One statement inserts the line or adds to it, the latter only while the sum stays within
    // the stock: on a database that runs transactions side by side (PostgreSQL), an add racing
    // this one waits for the row and then sees its quantity, so the two cannot overshoot.
    const written = await tx
      .insertInto('cart_line')
      .values({ user_id: userId, goods_id: sku.goodsId, sku_id: skuId, quantity, selected: 1, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'sku_id'])
          .doUpdateSet((eb) => ({
            quantity: eb('cart_line.quantity', '+', eb.ref('excluded.quantity')),
            selected: 1,
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .where((eb) => eb(eb('cart_line.quantity', '+', eb.ref('excluded.quantity')), '<=', sku.stock)),
      )
      .returning('id')
      .executeTakeFirst();
    if (!written) throw stockShort(sku.name, sku.stock, had);
    return readCart(tx, userId, input.lang);
  });
}

export interface SetQuantityInput {
  userId: number;
  lineId: number;
  quantity: number;
  now: number;
  lang?: Lang;
}

/** Sets one of the shopper's lines to a quantity within its SKU's stock. */
export function setQuantity(db: Db, input: SetQuantityInput): Promise<CartView> {
  const { userId, lineId, quantity } = input;
  return db.transaction().execute(async (tx) => {
    const line = await tx
      .selectFrom('cart_line')
      .select(['id', 'goods_id', 'sku_id', 'quantity', 'selected'])
      .where('id', '=', lineId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!line) throw new BizError('cart:message.line_gone', { id: lineId }, { field: 'id' });
    const sku = (await skusOf(tx, [line], input.lang)).get(Number(line.sku_id));
    if (!sku) throw new BizError('cart:message.goods_gone');
    if (!onSale(line, sku)) throw new BizError('cart:message.off_sale', { name: sku.name });
    if (sku.stock <= 0) throw new BizError('cart:message.sold_out', { name: sku.name });
    if (quantity > sku.stock) throw new BizError('cart:message.stock_limit', { name: sku.name, stock: sku.stock });
    await tx
      .updateTable('cart_line')
      .set({ quantity, updated_at: unixSeconds(input.now) })
      .where('id', '=', lineId)
      .where('user_id', '=', userId)
      .execute();
    return readCart(tx, userId, input.lang);
  });
}

export interface SelectInput {
  userId: number;
  /** The lines to change; ignored when `all`. */
  ids: readonly number[];
  all: boolean;
  selected: boolean;
  now: number;
  lang?: Lang;
}

/**
 * Selects or unselects lines for checkout. Ids that are not the shopper's lines change nothing.
 * A line that cannot be bought keeps its flag but is answered (and ordered) as unselected.
 */
export function selectLines(db: Db, input: SelectInput): Promise<CartView> {
  if (!input.all && input.ids.length === 0) return Promise.reject(new BizError('cart:message.ids_required', {}, { field: 'ids' }));
  return db.transaction().execute(async (tx) => {
    let update = tx
      .updateTable('cart_line')
      .set({ selected: input.selected ? 1 : 0, updated_at: unixSeconds(input.now) })
      .where('user_id', '=', input.userId);
    if (!input.all) update = update.where('id', 'in', [...input.ids]);
    await update.execute();
    return readCart(tx, input.userId, input.lang);
  });
}

/** Removes lines; ids that are not the shopper's lines change nothing (a repeated delete is harmless). */
export function deleteLines(db: Db, userId: number, ids: readonly number[], lang: Lang = 'zh-Hans'): Promise<CartView> {
  return db.transaction().execute(async (tx) => {
    await tx.deleteFrom('cart_line').where('user_id', '=', userId).where('id', 'in', [...ids]).execute();
    return readCart(tx, userId, lang);
  });
}
