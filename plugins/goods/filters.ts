/** The goods list's filters, normalised from the wire into what the query needs. Pure. */
import { toFen, type Fen } from '@kernel/core/money';
import type { PayloadOut } from '@kernel/core/contract';
import type { GoodsSort, SortOrder, goodsContract } from './contract';

export type GoodsListPayload = PayloadOut<typeof goodsContract.goodsList>;

export interface GoodsFilters {
  categoryId?: number;
  /** The keyword's words, each to be found (./search.ts); [] when there is no keyword. */
  keywords: string[];
  brandId?: number;
  minPrice?: Fen;
  maxPrice?: Fen;
  recommendOnly: boolean;
  sort: GoodsSort;
  order: SortOrder;
  offset: number;
  limit: number;
  page: number;
}

/** More words than this add no precision, only work: the rest are ignored. */
export const MAX_WORDS = 8;

/** The distinct lower-cased words of a keyword, in order, at most MAX_WORDS (`\\s` takes the full-width space too). Pure. */
export function searchWords(keyword: string): string[] {
  const words = keyword.toLowerCase().split(/\s+/u).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

const DEFAULT_ORDER: Record<GoodsSort, SortOrder> = { default: 'desc', price: 'asc', sales: 'desc', newest: 'desc' };

export function toFilters(payload: GoodsListPayload): GoodsFilters {
  let minPrice = payload.price_min === undefined ? undefined : toFen(String(payload.price_min));
  let maxPrice = payload.price_max === undefined ? undefined : toFen(String(payload.price_max));
  // A shopper who types the range backwards means the same range.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    categoryId: payload.category_id,
    keywords: searchWords(payload.keyword ?? ''),
    brandId: payload.brand_id,
    minPrice,
    maxPrice,
    recommendOnly: payload.recommend === true || payload.recommend === 1,
    sort: payload.sort,
    order: payload.order ?? DEFAULT_ORDER[payload.sort],
    offset: (payload.page - 1) * payload.limit,
    limit: payload.limit,
    page: payload.page,
  };
}
