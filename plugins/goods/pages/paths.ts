/** The goods plugin's route paths, shared by links, pages and the manifest. */
export const CATEGORY_PATH = '/pages/category/category';
export const LIST_PATH = '/goods/list/list';
export const SEARCH_PATH = '/goods/search/search';
export const DETAIL_PATH = '/goods/detail/detail';
