/**
 * What other plugins may use of the order plugin in the browser (with `contract.ts` and
 * `plugin.ts`): the `order.settlement` extension point, whose sections let the shopper choose what
 * a price adjuster honours (a coupon). A plugin filling it lists `order` in its `requires` and
 * `order.settlement` in its `fills`, and contributes `contribute(orderSettlementSections, section)`.
 */
export { orderSettlementSections, type SettlementSection, type SettlementSectionProps } from './sections';
