/**
 * What other plugins' server code may use of the article plugin: reading a shopper's entries.
 * Another plugin imports only this file, `contract.ts` or `plugin.ts` of article (the lint's
 * boundary rule refuses the rest) and lists `'article'` in its `requires`. Grow it as others need
 * more; everything else stays private to the plugin.
 */
export { listEntries } from './entries';
export type { ArticleEntry } from './contract';
