/**
 * The cart plugin's operator command, mounted by the CLI while the plugin is enabled in the
 * site: `storefront cart show <username>` — what a shopper has in the cart, priced now.
 */
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { readCart } from './service';

export const cartCommands: OperatorCommand[] = [
  {
    command: 'cart show <username>',
    description: "show a shopper's cart lines, priced now",
    async run({ args, ctx }) {
      const username = args[0];
      const user = await ctx.services.users.find(ctx.db, { username });
      if (!user) throw new OperatorError(`no shopper \`${username}\` in site \`${ctx.siteName}\``);
      const cart = await readCart(ctx.db, user.id);
      const lines = cart.cartList.map((line) => {
        const state = !line.on_sale ? '  (off sale)' : !line.valid ? '  (sold out)' : line.selected ? '  [selected]' : '';
        return `${line.id}  ${line.name || `goods ${line.goods_id}`}${line.spec ? ` (${line.spec})` : ''}  ×${line.sale_num}  ¥${line.total}${state}`;
      });
      lines.push(cart.cartList.length ? `${cart.cartNum} item(s) in ${cart.cartList.length} line(s)` : `the cart of \`${username}\` is empty`);
      return { lines, data: cart };
    },
  },
];
