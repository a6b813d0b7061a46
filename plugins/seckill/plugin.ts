/**
 * The flash-sale plugin: sessions by time window with goods at a flash price, a stock set aside
 * from the SKU and a per-shopper quota, bought through the order hub as the `seckill` order
 * source, with every purchase pushed live to every open page (visitors' included).
 */
import { describePlugin } from '@kernel/core/descriptor';
import { homeSections } from '@plugins/home/points';
import { orderSources } from '@plugins/order/points';
import { SECKILL_CART_PATH, SECKILL_PATH } from './paths';
import { seckillSettings } from './settings';

export default describePlugin({
  id: 'seckill',
  version: '1.0.0',
  requires: ['auth', 'home', 'goods', 'order'],
  // `storefront seckill session add|goods add|list|close` (operator.ts).
  commands: true,
  routes: [
    // Open to visitors: the sale is public; buying asks for a login at the settlement.
    { path: SECKILL_PATH, page: 'seckill', navBar: 'default', title: 'seckill:title' },
    { path: SECKILL_CART_PATH, page: 'seckill-cart', navBar: 'default', title: 'seckill:cart_title', auth: true },
  ],
  menu: [{ slot: 'home.grid', id: 'seckill', label: 'seckill:menu', icon: 'seckill', to: SECKILL_PATH, order: 35 }],
  settings: seckillSettings,
  fills: [orderSources, homeSections],
  // What its home section shows (./sections, with SessionClock and SoldBar): they come with index.html.
  bootStrings: ['seckill:home.title', 'seckill:home.more', 'seckill:clock.ended', 'seckill:clock.ends_in', 'seckill:clock.starts_in', 'seckill:item.stock', 'seckill:item.left', 'seckill:item.sold'],
});
