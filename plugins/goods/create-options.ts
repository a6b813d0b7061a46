/**
 * The options of `storefront goods create`, declared as a schema like a call's payload: the kernel
 * checks them all at once and names each `--option` (kernel/server/operator-options.ts). The
 * Chinese text is required; the English is optional and served to English requests.
 */
import * as z from 'zod/mini';
import { toFen } from '@kernel/core/money';
import { id, optionalText, text, whole, yuan } from '@kernel/core/schemas';
import { flag, option } from '@kernel/server/operator-options';
import type { NewGoods } from './admin.service';

export const createGoodsOptions = z.object({
  category: option(id(), 'the category it is listed under', 'id'),
  brand: option(z.optional(id()), 'its brand (optional)', 'id'),
  name: option(text(120), 'what shoppers see, e.g. 极光 X5 手机', 'text'),
  nameEn: option(optionalText(160), 'what shoppers reading English see (default: the --name)', 'text'),
  subtitle: option(optionalText(255), 'selling points under the name', 'text'),
  subtitleEn: option(optionalText(255), 'the selling points in English', 'text'),
  price: option(yuan(), 'the price, yuan', 'yuan'),
  marketPrice: option(z.optional(yuan()), 'the crossed-out "was" price, yuan (optional)', 'yuan'),
  stock: option(whole({ min: 0 }), 'how many are in stock', 'n'),
  unit: option(z._default(text(8), '件'), 'the unit it is sold by', 'text'),
  offSale: flag('create it off sale (put it on sale later with `goods shelve`)'),
});

/** The goods to create (one SKU, no specs) from the checked options. */
export function newGoodsOf(o: z.output<typeof createGoodsOptions>, now: number): NewGoods {
  return {
    categoryId: o.category,
    brandId: o.brand ?? null,
    name: o.name,
    nameEn: o.nameEn ?? '',
    subtitle: o.subtitle ?? '',
    subtitleEn: o.subtitleEn ?? '',
    marketPrice: o.marketPrice === undefined ? 0 : toFen(String(o.marketPrice)),
    unit: o.unit,
    specs: [],
    skus: [{ spec: {}, price: toFen(String(o.price)), stock: o.stock }],
    detailHtml: '',
    onSale: o.offSale !== true,
    createdAt: now,
  };
}
