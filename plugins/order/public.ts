/**
 * What other plugins may use of the order plugin on the server (with `contract.ts` and
 * `plugin.ts`): the `order.adjusters` extension point, through which coupons and flash sales
 * change what an order costs. A plugin filling it lists `order` in its `requires` and
 * `order.adjusters` in its `fills`, and contributes `contribute(orderAdjusters, adjuster)`.
 */
export { orderAdjusters, type AdjusterInput, type PriceAdjuster, type PricedLine } from './adjusters';
