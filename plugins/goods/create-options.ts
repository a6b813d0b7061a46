/**
 * The options of `storefront goods create`, declared as a schema like a call's payload and checked
 * all at once: each problem names its option, so one run tells the operator everything to fix.
 * The Chinese text is required; the English is optional and served to English requests.
 */
import * as z from 'zod/mini';
import { toFen } from '@kernel/core/money';
import { id, optionalText, text, whole, yuan } from '@kernel/core/schemas';
import { kernelMessage } from '@kernel/server/pipeline/payload';
import type { NewGoods } from './admin.service';

export const createGoodsOptions = z.object({
  category: id(),
  brand: z.optional(id()),
  name: text(120),
  nameEn: optionalText(160),
  subtitle: optionalText(255),
  subtitleEn: optionalText(255),
  price: yuan(),
  marketPrice: z.optional(yuan()),
  stock: whole({ min: 0 }),
  unit: z._default(text(8), '件'),
  offSale: z.optional(z.boolean()),
});

/** commander's option name → the flag an operator typed (`nameEn` → `--name-en`). */
const flag = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * The goods to create (one SKU, no specs) from the command's options, or every problem. `t`
 * translates the schema's messages (operators read English).
 */
export function checkCreateGoods(
  options: Record<string, unknown>,
  now: number,
  t: Translate,
): { goods: NewGoods } | { problems: string[] } {
  const parsed = z.safeParse(createGoodsOptions, options, { error: kernelMessage });
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const bounds = issue as { maximum?: number | bigint; minimum?: number | bigint };
        const params = { ...(bounds.maximum !== undefined ? { max: String(bounds.maximum) } : {}), ...(bounds.minimum !== undefined ? { min: String(bounds.minimum) } : {}) };
        return `${flag(String(issue.path[0] ?? ''))}: ${t(issue.message, params)}`;
      }),
    };
  }
  const o = parsed.data;
  const price = toFen(String(o.price));
  return {
    goods: {
      categoryId: o.category,
      brandId: o.brand ?? null,
      name: o.name,
      nameEn: o.nameEn ?? '',
      subtitle: o.subtitle ?? '',
      subtitleEn: o.subtitleEn ?? '',
      marketPrice: o.marketPrice === undefined ? 0 : toFen(String(o.marketPrice)),
      unit: o.unit,
      specs: [],
      skus: [{ spec: {}, price, stock: o.stock }],
      detailHtml: '',
      onSale: o.offSale !== true,
      createdAt: now,
    },
  };
}
