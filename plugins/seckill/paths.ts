/** The flash-sale plugin's routes (spec §2). */
export const SECKILL_PATH = '/marketing/seckill/seckill';
/** The flash-sale settlement for one goods: `?goods_id=&sku_id=&num=`. */
export const SECKILL_CART_PATH = '/marketing/seckill/seckill_cart';
