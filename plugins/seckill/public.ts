/**
 * What other plugins' server code may use of the flash-sale plugin: the order source's id (an
 * order whose `source` is it is a flash-sale order) and the push message's shape. Another plugin
 * imports only this file, `contract.ts` or `plugin.ts` of seckill and lists `'seckill'` in its `requires`.
 */
export { SECKILL_SOURCE } from './source';
export type { SeckillPush } from './contract';
