/** The cart plugin on the server: the cart calls, the `cart_line` table, an operator command and the `cart` order source. */
import { contribute } from '@kernel/core/extension';
import { defineServerPlugin } from '@kernel/server/plugin';
import { orderSources } from '@plugins/order/public';
import { cartContract } from './contract';
import { cart001Init } from './migrations/cart_001_init';
import { cartCommands } from './operator';
import { cartSource } from './order-source';
import { addToCart, deleteLines, readCart, selectLines, setQuantity } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [cart001Init],
  // Orders from the cart's selected lines (`source: 'cart'`).
  contributes: contribute(orderSources, cartSource),
  routes(api) {
    api.handle(cartContract.reload, async (_payload, ctx) => ({ userInfo: await readCart(ctx.db, ctx.requireUser().id, ctx.lang) }));
    api.handle(cartContract.add, (payload, ctx) =>
      addToCart(ctx.db, {
        userId: ctx.requireUser().id,
        goodsId: payload.goods_id,
        skuId: payload.sku_id,
        quantity: payload.num,
        maxLines: ctx.settings.maxLines,
        now: ctx.services.clock.now(),
        lang: ctx.lang,
      }),
    );
    api.handle(cartContract.setNum, (payload, ctx) =>
      setQuantity(ctx.db, { userId: ctx.requireUser().id, lineId: payload.id, quantity: payload.num, now: ctx.services.clock.now(), lang: ctx.lang }),
    );
    api.handle(cartContract.select, (payload, ctx) =>
      selectLines(ctx.db, {
        userId: ctx.requireUser().id,
        ids: payload.ids,
        all: payload.all === true || payload.all === 1,
        selected: payload.selected === true || payload.selected === 1,
        now: ctx.services.clock.now(),
        lang: ctx.lang,
      }),
    );
    api.handle(cartContract.delete, (payload, ctx) => deleteLines(ctx.db, ctx.requireUser().id, payload.ids, ctx.lang));
  },
  commands: cartCommands,
});
