/**
 * The order plugin's routes. The settlement and payment-waiting screens have no route in the
 * spec (§2 says so); they sit beside the cart's `/pages/cart/cart`, where the cart plugin's
 * checkout button already leads.
 */
export const SETTLEMENT_PATH = '/pages/order/settlement';
export const PAY_PATH = '/pages/order/pay';
export const MY_ORDERS_PATH = '/user/myOrder/myOrder';
export const ORDER_DETAIL_PATH = '/user/myOrder/orderDetail';
