/** The list page's sort and filter state, and how it becomes the list call's payload. Pure. */
import { isYuan } from '@kernel/core/money';
import type { GoodsSort, SortOrder } from './contract';

export interface SortValue {
  sort: GoodsSort;
  order: SortOrder;
}

/** Tapping the active price sort flips its order; any other tap selects that sort in its natural order. Pure. */
export function nextSort(current: SortValue, tapped: GoodsSort): SortValue {
  if (tapped === 'price') {
    return { sort: 'price', order: current.sort === 'price' && current.order === 'asc' ? 'desc' : 'asc' };
  }
  return { sort: tapped, order: 'desc' };
}

export interface Filters {
  brandId?: number;
  /** Yuan as typed; only sent when it is an amount. */
  priceMin: string;
  priceMax: string;
}

export const NO_FILTERS: Filters = { priceMin: '', priceMax: '' };

/** What the list call receives from the sheet's values; unusable amounts are left out. Pure. */
export function filterPayload(filters: Filters): { brand_id?: number; price_min?: string; price_max?: string } {
  const amount = (text: string) => (isYuan(text) && !text.trim().startsWith('-') ? text.trim() : undefined);
  return { brand_id: filters.brandId, price_min: amount(filters.priceMin), price_max: amount(filters.priceMax) };
}

export const isFiltered = (filters: Filters): boolean => Object.values(filterPayload(filters)).some((v) => v !== undefined);

