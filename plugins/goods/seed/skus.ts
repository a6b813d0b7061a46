/** Turns a demo goods' specs into SKUs with varied prices and stock (some sold out). Pure and deterministic. */
import { toFen } from '@kernel/core/money';
import type { SpecDimension } from '../contract';
import type { SkuInput } from '../catalogue-rules';
import type { SeedGoods } from './catalogue';

/** Every combination of one value per dimension, in spec order; one empty combination without specs. */
export function combinations(specs: readonly SpecDimension[]): { spec: Record<string, string>; picks: number[] }[] {
  return specs.reduce<{ spec: Record<string, string>; picks: number[] }[]>(
    (acc, dim) =>
      acc.flatMap((combo) =>
        dim.values.map((value, i) => ({ spec: { ...combo.spec, [dim.name]: value }, picks: [...combo.picks, i] })),
      ),
    [{ spec: {}, picks: [] }],
  );
}

export function seedSkus(goods: SeedGoods, goodsIndex: number): SkuInput[] {
  const specs = goods.specs ?? [];
  const skus = combinations(specs).map(({ spec, picks }, i) => {
    const extra = (table?: number[][]) => picks.reduce((sum, pick, dim) => sum + (table?.[dim]?.[pick] ?? 0), 0);
    const surcharge = extra(goods.surcharge);
    // The "was" price rises with the price unless the goods says otherwise (a variant sold at full price).
    const market = goods.market + (goods.marketSurcharge ? extra(goods.marketSurcharge) : surcharge);
    const n = (goodsIndex * 31 + i * 17) % 97;
    // About one combination in six is sold out, so the chooser has something to disable.
    const stock = specs.length > 0 && n % 6 === 0 ? 0 : 5 + (n % 60) * 3;
    return { spec, price: toFen(goods.price + surcharge), marketPrice: toFen(market), stock };
  });
  if (skus.every((s) => s.stock === 0)) skus[0].stock = 20;
  return skus;
}
