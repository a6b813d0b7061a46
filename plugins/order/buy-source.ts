/** The `buy` source: one SKU bought at once from the goods detail ("buy now"), from the catalogue's stock. */
import { BizError } from '@kernel/core/errors';
import { catalogueLines } from './lines';
import { releaseSkuStock, reserveSkuStock, type OrderSourceDef } from './sources';

export const buySource: OrderSourceDef = {
  id: 'buy',
  async lines(tx, { payload, lang }) {
    if (!payload.goods_id || !payload.sku_id) throw new BizError('order:message.choose_sku');
    return catalogueLines(tx, [{ goodsId: payload.goods_id, skuId: payload.sku_id, quantity: payload.num ?? 1, ref: null }], lang);
  },
  reserve: (tx, placed) => reserveSkuStock(tx, placed),
  release: (tx, order) => releaseSkuStock(tx, order),
};
