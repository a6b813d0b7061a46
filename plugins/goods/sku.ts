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
   * The crossed-out "was" price (yuan) beside the price: the chosen SKU's; before one is chosen,
   * the range of the allowed SKUs' (equal when one is left). Null when it would not mean a saving:
   * a chosen SKU's not above its price, or some allowed SKU sells at its "was" price (a single
   * "was" price beside a price range would read as a saving on every SKU, or sit below the top).
   */
  marketMinPrice: string | null;
  marketMaxPrice: string | null;
}

/** A SKU's "was" price, fen; a reply without SKU market prices falls back to the goods'. */
const marketOf = (sku: Sku, goodsMarket: string) => toFen(sku.market_price ?? goodsMarket);

/** The "was" range of these SKUs (fen), or null unless every one of them is below its "was" price. */
function wasRange(shown: readonly Sku[], goodsMarket: string): { min: string; max: string } | null {
  if (shown.length === 0 || shown.some((s) => marketOf(s, goodsMarket) <= toFen(s.price))) return null;
  const markets = shown.map((s) => marketOf(s, goodsMarket));
  return { min: formatYuan(Math.min(...markets)), max: formatYuan(Math.max(...markets)) };
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
  const was = wasRange(sku ? [sku] : allowed, goods.market_price);
  return {
    sku,
    missing,
    minPrice: formatYuan(min),
    maxPrice: formatYuan(max),
    stock: allowed.reduce((sum, s) => sum + s.stock, 0),
    image: sku?.image || goods.image,
    marketMinPrice: was?.min ?? null,
    marketMaxPrice: was?.max ?? null,
  };
}
