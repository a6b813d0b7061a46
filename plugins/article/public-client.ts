/**
 * What other plugins' browser code may use of the article plugin: links to its pages (an article,
 * a notice, the lists). Nothing here loads code.
 */
export { ARTICLE_LIST_PATH, NOTICE_LIST_PATH, articlePath, noticePath } from './paths';
