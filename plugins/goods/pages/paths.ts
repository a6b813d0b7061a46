/** The goods plugin's route paths and query reading, shared by links, pages and the manifest. */
export const CATEGORY_PATH = '/pages/category/category';
export const LIST_PATH = '/goods/list/list';
export const SEARCH_PATH = '/goods/search/search';
export const DETAIL_PATH = '/goods/detail/detail';

/** A positive integer from a query parameter, or undefined. */
export function queryId(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
