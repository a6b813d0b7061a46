/**
 * The goods plugin's operator commands (`storefront goods …`): goods, stock and shelf changes an
 * integrator makes without an admin UI. All keep the catalogue's invariants (invariants.ts).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod/mini';
import { formatYuan } from '@kernel/core/money';
import { id as idSchema, optionalText, text, whole } from '@kernel/core/schemas';
import { toCsv } from '@kernel/server/csv-write';
import { defineCommand, flag, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { createGoods, setOnSale, setSkuStock } from './admin.service';
import { createGoodsOptions, newGoodsOf } from './create-options';
import { exportCatalogue } from './export';
import { importCatalogue } from './import';
import { importLines } from './import-report';

export const goodsCommands: OperatorCommand[] = [
  defineCommand({
    command: 'goods create',
    description: 'add goods sold as one SKU, named in Chinese and optionally in English',
    options: createGoodsOptions,
    async run({ options, ctx }) {
      const goods = newGoodsOf(options, ctx.services.clock.nowSeconds());
      const [category, brand] = await Promise.all([
        ctx.db.selectFrom('goods_category').select('id').where('id', '=', goods.categoryId).executeTakeFirst(),
        goods.brandId === null ? Promise.resolve({ id: null }) : ctx.db.selectFrom('goods_brand').select('id').where('id', '=', goods.brandId).executeTakeFirst(),
      ]);
      const missing = [
        ...(category ? [] : [`category ${goods.categoryId} does not exist in site \`${ctx.siteName}\``]),
        ...(brand ? [] : [`brand ${goods.brandId} does not exist in site \`${ctx.siteName}\``]),
      ];
      if (missing.length > 0) throw new OperatorError(missing.join('\n'));
      const id = await ctx.db.transaction().execute((tx) => createGoods(tx, goods));
      const english = goods.nameEn ? ` ("${goods.nameEn}")` : '';
      return {
        lines: [`goods ${id} in site \`${ctx.siteName}\`: "${goods.name}"${english}, ¥${formatYuan(goods.skus[0].price)}, ${goods.skus[0].stock} in stock, ${goods.onSale ? 'on sale' : 'off sale'}`],
        data: { id, ...goods },
      };
    },
  }),
  defineCommand({
    command: 'goods stock <sku-id> <quantity>',
    description: "set one SKU's stock (the goods' total follows)",
    arguments: z.object({ skuId: idSchema(), quantity: whole() }),
    async run({ params: { skuId, quantity }, ctx }) {
      const result = await setSkuStock(ctx.db, skuId, quantity);
      if (!result) throw new OperatorError(`SKU ${skuId} does not exist in site \`${ctx.siteName}\``);
      return {
        lines: [`SKU ${skuId} now has ${quantity} in stock; goods ${result.goodsId} has ${result.goodsStock} in all`],
        data: { skuId, stock: quantity, goodsId: result.goodsId, goodsStock: result.goodsStock },
      };
    },
  }),
  defineCommand({
    command: 'goods shelve <goods-id>',
    description: 'put goods on sale, or take them off with --off',
    arguments: z.object({ goodsId: idSchema() }),
    options: z.object({ off: flag('take the goods off sale (shoppers see "no longer on sale")') }),
    async run({ params: { goodsId }, options, ctx }) {
      const onSale = options.off !== true;
      if (!(await setOnSale(ctx.db, goodsId, onSale))) throw new OperatorError(`goods ${goodsId} does not exist in site \`${ctx.siteName}\``);
      return { lines: [`goods ${goodsId} is ${onSale ? 'on sale' : 'off sale'}`], data: { goodsId, onSale } };
    },
  }),
  defineCommand({
    command: 'goods import <file>',
    description: 'add or update goods, SKUs, categories and brands from a .csv or .json catalogue file (columns: README "Importing a catalogue")',
    arguments: z.object({ file: text(1024) }),
    options: z.object({ dryRun: flag('check the file and report what it would change, writing nothing (no picture copied either)') }),
    async run({ params, options, ctx }) {
      const result = await importCatalogue(ctx, params.file, { dryRun: options.dryRun === true });
      return { lines: importLines(result, ctx.siteName), data: result };
    },
  }),
  defineCommand({
    command: 'goods export',
    description: 'every goods with its SKUs, in the rows `goods import` reads (JSON, or CSV with --csv)',
    options: z.object({
      csv: flag('write CSV (UTF-8, for a spreadsheet) instead of JSON'),
      out: option(optionalText(1024), 'write to this file instead of printing', 'file'),
    }),
    async run({ options, ctx }) {
      const rows = await exportCatalogue(ctx.db);
      const text = options.csv ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`;
      const goods = new Set(rows.map((r) => r.code)).size;
      if (!options.out) return { lines: [text.replace(/\r?\n$/, '')], data: rows };
      await writeFile(path.resolve(options.out), text);
      return { lines: [`${goods} goods (${rows.length} SKUs) of site \`${ctx.siteName}\` written to ${options.out}`], data: { file: options.out, goods, skus: rows.length } };
    },
  }),
];
