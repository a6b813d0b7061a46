/**
 * The goods of an order, priced by the catalogue now, for the sources that sell from it (`cart`,
 * `buy`). Anything gone, off sale or short is refused with the goods' name.
 */
import { BizError } from '@kernel/core/errors';
import type { Lang, Tx } from '@kernel/server/plugin';
import { textIn } from '@kernel/core/language';
import { skusForSale } from '@plugins/goods/public';
import type { SourcedLine } from './sources';

export interface WantedLine {
  goodsId: number;
  skuId: number;
  quantity: number;
  /** The source's handle on it (a cart line's id), or null. */
  ref: number | null;
}

/** `lang`: the request's, for the goods' name in a refusal. */
export async function catalogueLines(tx: Tx, wanted: readonly WantedLine[], lang: Lang = 'zh-Hans'): Promise<SourcedLine[]> {
  if (wanted.length === 0) throw new BizError('order:message.nothing_selected');
  const skus = await skusForSale(tx, wanted.map((w) => w.skuId));
  return wanted.map((w) => {
    const sku = skus.get(w.skuId);
    const name = sku ? textIn(lang, sku.name, sku.nameEn) : '';
    if (!sku || sku.goodsId !== w.goodsId || !sku.onSale) throw new BizError('order:message.goods_expired', { name });
    // `available` lets a buy-now settlement offer the quantity there is.
    if (sku.stock < w.quantity) throw new BizError('order:message.stock_short', { name, stock: sku.stock }, { available: sku.stock });
    return { sku, quantity: w.quantity, ref: w.ref };
  });
}
