/**
 * The SKU chooser's rules, pure so the detail page stays thin and every combination is tested:
 * a value is offered only when some SKU with stock has it alongside the values already chosen.
 */
import { formatYuan, toFen } from '@kernel/core/money';
import type { Sku, SpecDimension } from './contract';

/** One chosen value (or null) per spec dimension, in the goods' spec order. */
export type Selection = (string | null)[];

/** The unique key of a SKU within its goods: its values in spec order. */
export function specKey(specs: readonly SpecDimension[], spec: Record<string, string>): string {
  return JSON.stringify(specs.map((d) => spec[d.name] ?? ''));
}

/** Dimensions with a single value start chosen; nothing else does. */
export function initialSelection(specs: readonly SpecDimension[]): Selection {
  return specs.map((d) => (d.values.length === 1 ? d.values[0] : null));
}

function fits(sku: Sku, specs: readonly SpecDimension[], selection: Selection): boolean {
  return specs.every((d, i) => selection[i] === null || selection[i] === undefined || sku.spec[d.name] === selection[i]);
}

/** Whether choosing `value` for dimension `dim` (keeping the other choices) leads to a SKU in stock. */
export function isAvailable(
  specs: readonly SpecDimension[],
  skus: readonly Sku[],
  selection: Selection,
  dim: number,
  value: string,
): boolean {
  const next = selection.map((v, i) => (i === dim ? value : v));
  return skus.some((sku) => sku.stock > 0 && fits(sku, specs, next));
}

/** Tapping a chosen value clears it; tapping another value chooses it. */
export function choose(selection: Selection, dim: number, value: string): Selection {
  return selection.map((v, i) => (i === dim ? (v === value ? null : value) : v));
}

export interface ChooserView {
  /** The SKU the choice designates, once every dimension is chosen. */
  sku: Sku | null;
  /** Names of the dimensions still to choose, as shown (their label in the request's language when there is one). */
  missing: string[];
  /** Price range (yuan) of the SKUs the choice still allows; equal when one price is left. */
  minPrice: string;
  maxPrice: string;
  /** Stock of the SKUs the choice still allows. */
  stock: number;
  /** The chosen SKU's picture, else the goods' own. */
  image: string;
  /**
   * The crossed-out "was" price (yuan) beside the price: the chosen SKU's, else the cheapest
   * allowed SKU's (it stands beside the lowest price); null when it is not above that price.
   */
  marketPrice: string | null;
}

/** A SKU's "was" price, fen; a reply without SKU market prices falls back to the goods'. */
const marketOf = (sku: Sku, goodsMarket: string) => toFen(sku.market_price ?? goodsMarket);

function wasPrice(shown: Sku | undefined, goodsMarket: string): string | null {
  if (!shown) return null;
  const market = marketOf(shown, goodsMarket);
  return market > toFen(shown.price) ? formatYuan(market) : null;
}

export function view(
  specs: readonly SpecDimension[],
  skus: readonly Sku[],
  selection: Selection,
  goods: { price: string; image: string; market_price: string },
): ChooserView {
  const missing = specs.filter((_, i) => selection[i] === null || selection[i] === undefined).map((d) => d.label ?? d.name);
  const allowed = skus.filter((sku) => fits(sku, specs, selection));
  const sku = missing.length === 0 ? (allowed[0] ?? null) : null;
  const prices = allowed.map((s) => toFen(s.price));
  const min = prices.length ? Math.min(...prices) : toFen(goods.price);
  const max = prices.length ? Math.max(...prices) : toFen(goods.price);
  return {
    sku,
    missing,
    minPrice: formatYuan(min),
    maxPrice: formatYuan(max),
    stock: allowed.reduce((sum, s) => sum + s.stock, 0),
    image: sku?.image || goods.image,
    marketPrice: wasPrice(sku ?? cheapest(allowed), goods.market_price),
  };
}

function cheapest(skus: readonly Sku[]): Sku | undefined {
  return skus.reduce<Sku | undefined>((best, s) => (!best || toFen(s.price) < toFen(best.price) ? s : best), undefined);
}
