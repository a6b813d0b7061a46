/** The article plugin's routes, as the spec names them. */
export const ARTICLE_LIST_PATH = '/article/articleList';
export const ARTICLE_DETAIL_PATH = '/article/detail';
export const NOTICE_LIST_PATH = '/article/notice/notice';
export const NOTICE_DETAIL_PATH = '/article/notice/detail';

export const articlePath = (id: number) => `${ARTICLE_DETAIL_PATH}?id=${id}`;
export const noticePath = (id: number) => `${NOTICE_DETAIL_PATH}?id=${id}`;
