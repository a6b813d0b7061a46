/** The goods list's filters, normalised from the wire into what the query needs. Pure. */
import { toFen, type Fen } from '@kernel/core/money';
import type { PayloadOut } from '@kernel/core/contract';
import type { GoodsSort, SortOrder, goodsContract } from './contract';
import { containsPattern } from '@kernel/core/like';

export type GoodsListPayload = PayloadOut<typeof goodsContract.goodsList>;

export interface GoodsFilters {
  categoryId?: number;
  /** LIKE pattern with the shopper's % _ and \ escaped, lower-cased. */
  keywordPattern?: string;
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


const DEFAULT_ORDER: Record<GoodsSort, SortOrder> = { default: 'desc', price: 'asc', sales: 'desc', newest: 'desc' };

export function toFilters(payload: GoodsListPayload): GoodsFilters {
  let minPrice = payload.price_min === undefined ? undefined : toFen(String(payload.price_min));
  let maxPrice = payload.price_max === undefined ? undefined : toFen(String(payload.price_max));
  // A shopper who types the range backwards means the same range.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const keyword = payload.keyword?.trim();
  return {
    categoryId: payload.category_id,
    keywordPattern: keyword ? containsPattern(keyword) : undefined,
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
