/**
 * The goods an order is made of, from the cart's selection or one SKU bought at once, priced by
 * the catalogue now. Anything gone, off sale or short is refused with the goods' name.
 */
import { BizError } from '@kernel/core/errors';
import type { Lang, Tx } from '@kernel/server/plugin';
import { selectedLines } from '@plugins/cart/public';
import { textIn } from '@kernel/core/language';
import { skusForSale, type SkuForSale } from '@plugins/goods/public';

export interface OrderSource {
  source: 'cart' | 'buy';
  goods_id?: number;
  sku_id?: number;
  num?: number;
}

export interface SourcedLine {
  /** In Chinese, with the English beside it (`nameEn`, `specTextEn`) for the order's snapshot. */
  sku: SkuForSale;
  quantity: number;
  /** The cart line it came from (removed when the order is placed). */
  cartLineId: number | null;
}

/** `lang`: the request's, for the goods' name in a refusal. */
export async function sourceLines(tx: Tx, userId: number, input: OrderSource, lang: Lang = 'zh-Hans'): Promise<SourcedLine[]> {
  const wanted =
    input.source === 'cart'
      ? (await selectedLines(tx, userId)).map((l) => ({ goodsId: l.goodsId, skuId: l.skuId, quantity: l.quantity, cartLineId: l.lineId }))
      : [{ goodsId: input.goods_id, skuId: input.sku_id, quantity: input.num ?? 1, cartLineId: null }];
  if (input.source === 'buy' && (!input.goods_id || !input.sku_id)) throw new BizError('order:message.choose_sku');
  if (wanted.length === 0) throw new BizError('order:message.nothing_selected');

  const skus = await skusForSale(tx, wanted.map((w) => w.skuId as number));
  return wanted.map((w) => {
    const sku = skus.get(w.skuId as number);
    const name = sku ? textIn(lang, sku.name, sku.nameEn) : '';
    if (!sku || sku.goodsId !== w.goodsId || !sku.onSale) throw new BizError('order:message.goods_expired', { name });
    // `available` lets a buy-now settlement offer the quantity there is.
    if (sku.stock < w.quantity) throw new BizError('order:message.stock_short', { name, stock: sku.stock }, { available: sku.stock });
    return { sku, quantity: w.quantity, cartLineId: w.cartLineId };
  });
}
