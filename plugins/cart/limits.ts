/** The cart's limits, shared by the contract (server checks) and the page's steppers (no zod here). */

/** The most of one SKU a cart line may hold, whatever the stock. */
export const MAX_QUANTITY = 9999;
/** The most line ids one call may name. */
export const MAX_IDS = 200;
