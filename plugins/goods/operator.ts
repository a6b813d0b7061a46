/**
 * The goods plugin's operator commands (`storefront goods …`): stock and shelf changes an
 * integrator makes without an admin UI. Both keep the catalogue's invariants (invariants.ts).
 */
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { setOnSale, setSkuStock } from './admin.service';

const wholeNumber = (value: string, what: string, min: number): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new OperatorError(`${what} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
};

export const goodsCommands: OperatorCommand[] = [
  {
    command: 'goods stock <sku-id> <quantity>',
    description: "set one SKU's stock (the goods' total follows)",
    async run({ args, ctx }) {
      const skuId = wholeNumber(args[0], 'sku-id', 1);
      const quantity = wholeNumber(args[1], 'quantity', 0);
      const result = await setSkuStock(ctx.db, skuId, quantity);
      if (!result) throw new OperatorError(`SKU ${skuId} does not exist in site \`${ctx.siteName}\``);
      return {
        lines: [`SKU ${skuId} now has ${quantity} in stock; goods ${result.goodsId} has ${result.goodsStock} in all`],
        data: { skuId, stock: quantity, goodsId: result.goodsId, goodsStock: result.goodsStock },
      };
    },
  },
  {
    command: 'goods shelve <goods-id>',
    description: 'put goods on sale, or take them off with --off',
    options: [{ flags: '--off', description: 'take the goods off sale (shoppers see "no longer on sale")' }],
    async run({ args, options, ctx }) {
      const goodsId = wholeNumber(args[0], 'goods-id', 1);
      const onSale = options.off !== true;
      if (!(await setOnSale(ctx.db, goodsId, onSale))) throw new OperatorError(`goods ${goodsId} does not exist in site \`${ctx.siteName}\``);
      return { lines: [`goods ${goodsId} is ${onSale ? 'on sale' : 'off sale'}`], data: { goodsId, onSale } };
    },
  },
];
