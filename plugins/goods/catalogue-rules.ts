/** Rules a goods must satisfy before it is written. Pure; problems are reported all at once. */
import type { SpecDimension } from './contract';
import { specKey } from './sku';

export interface SkuInput {
  spec: Record<string, string>;
  /** Fen. */
  price: number;
  /** The crossed-out "was" price, fen; left out, it follows the goods' (see `skuMarketPrice`). */
  marketPrice?: number;
  stock: number;
  image?: string;
}

export function skuProblems(goodsName: string, specs: readonly SpecDimension[], skus: readonly SkuInput[]): string[] {
  const problems: string[] = [];
  const at = (i: number) => `goods "${goodsName}" SKU #${i + 1}`;
  if (skus.length === 0) problems.push(`goods "${goodsName}" has no SKU`);
  const names = specs.map((d) => d.name);
  if (new Set(names).size !== names.length) problems.push(`goods "${goodsName}" repeats a spec name`);
  const seen = new Set<string>();
  skus.forEach((sku, i) => {
    if (!Number.isInteger(sku.price) || sku.price < 0) problems.push(`${at(i)} has price ${sku.price}, expected whole fen ≥ 0`);
    if (sku.marketPrice !== undefined && (!Number.isInteger(sku.marketPrice) || sku.marketPrice < 0)) {
      problems.push(`${at(i)} has market price ${sku.marketPrice}, expected whole fen ≥ 0`);
    }
    if (!Number.isInteger(sku.stock) || sku.stock < 0) problems.push(`${at(i)} has stock ${sku.stock}, expected a whole number ≥ 0`);
    for (const d of specs) {
      const value = sku.spec[d.name];
      if (!d.values.includes(value)) problems.push(`${at(i)} has ${d.name}="${value ?? ''}", expected one of ${d.values.join(', ')}`);
    }
    for (const name of Object.keys(sku.spec)) {
      if (!names.includes(name)) problems.push(`${at(i)} names spec "${name}", which the goods does not have`);
    }
    const key = specKey(specs, sku.spec);
    if (seen.has(key)) problems.push(`${at(i)} repeats the combination ${key}`);
    seen.add(key);
  });
  return problems;
}

/**
 * The goods row carries its lowest SKU price so lists can filter and sort on it. (Its stock is
 * not copied: it is the sum of the SKUs', computed when read.)
 */
export function skuTotals(skus: readonly SkuInput[]): { price: number } {
  return {
    price: skus.length ? Math.min(...skus.map((s) => s.price)) : 0,
  };
}

/**
 * A SKU written without its own "was" price keeps the goods' discount: the goods' market price
 * (which stands beside its lowest price) plus what this SKU costs over that lowest price. No goods
 * market price, no SKU market price. Fen.
 */
export function skuMarketPrice(goods: { marketPrice: number; lowestPrice: number }, sku: Pick<SkuInput, 'price' | 'marketPrice'>): number {
  if (sku.marketPrice !== undefined) return sku.marketPrice;
  return goods.marketPrice > 0 ? goods.marketPrice + sku.price - goods.lowestPrice : 0;
}
