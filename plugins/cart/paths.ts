/** The cart page's route, and where its checkout button leads (the order plugin's settlement). */
export const CART_PATH = '/pages/cart/cart';
export const SETTLEMENT_PATH = '/pages/order/settlement';
/** The goods detail (spec §2), where a cart line leads. */
export const GOODS_DETAIL_PATH = '/goods/detail/detail';
