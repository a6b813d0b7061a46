/**
 * The cart as an order source (`order.sources`): the lines the shopper ticked, priced by the
 * catalogue, from its stock; placing the order takes the lines out of the cart in the same
 * transaction, so the order and the emptier cart commit together or not at all.
 */
import { catalogueLines, releaseSkuStock, reserveSkuStock, type OrderSourceDef } from '@plugins/order/public';
import { removeLines, selectedLines } from './public';

export const cartSource: OrderSourceDef = {
  id: 'cart',
  async lines(tx, { userId, lang }) {
    const selected = await selectedLines(tx, userId);
    return catalogueLines(tx, selected.map((l) => ({ goodsId: l.goodsId, skuId: l.skuId, quantity: l.quantity, ref: l.lineId })), lang);
  },
  async reserve(tx, placed) {
    await removeLines(tx, placed.userId, placed.lines.flatMap((l) => (l.ref === null ? [] : [l.ref])));
    await reserveSkuStock(tx, placed);
  },
  release: (tx, order) => releaseSkuStock(tx, order),
};
