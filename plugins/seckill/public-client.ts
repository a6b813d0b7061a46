/**
 * What other plugins' browser code may use of the flash-sale plugin: its routes and the shape of
 * its live pushes (`kernel.socket.onPublic('seckill', …)`). Nothing here loads code.
 */
export { SECKILL_CART_PATH, SECKILL_PATH } from './paths';
export type { SeckillPush } from './contract';
export { isSeckillPush } from './live';
