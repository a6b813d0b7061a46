/**
 * What other plugins' server code may use of the article plugin. Nobody needs more than its
 * reply types yet (the home page's notice bar is filled in the browser, ./index.ts); grow it as
 * others need more. Another plugin imports only this file, `contract.ts` or `plugin.ts` of article
 * and lists `'article'` in its `requires`.
 */
export type { ArticleCard, ArticleDetail, NoticeCard, NoticeDetail } from './contract';
