/**
 * What other plugins' server code may use of the __id__ plugin: reading a shopper's entries.
 * Another plugin imports only this file, `contract.ts` or `plugin.ts` of __id__ (the lint's
 * boundary rule refuses the rest) and lists `'__id__'` in its `requires`. Grow it as others need
 * more; everything else stays private to the plugin.
 */
export { listEntries } from './entries';
export type { __Id__Entry } from './contract';
