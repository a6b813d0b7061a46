/**
 * What other plugins may use of the order plugin on the server (with `contract.ts` and
 * `plugin.ts`): the `order.adjusters` extension point, through which coupons and flash sales
 * change what an order costs, and `order.cancelled`, through which they undo what an order used.
 * A plugin filling one lists `order` in its `requires` and the point in its `fills`, and
 * contributes `contribute(orderAdjusters, adjuster)`.
 */
export {
  orderAdjusters,
  orderCancelHooks,
  type AdjusterInput,
  type CancelledOrder,
  type OrderCancelHook,
  type PriceAdjuster,
  type PriceAdjustment,
  type PricedLine,
} from './adjusters';
