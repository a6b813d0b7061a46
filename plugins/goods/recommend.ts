/**
 * The home page's recommended goods: one query, used by the section that lists them and by the
 * server's first screen that sends its first page with index.html.
 */
export const RECOMMEND_QUERY = { recommend: 1, sort: 'default' } as const;
export const RECOMMEND_LIMIT = 6;
