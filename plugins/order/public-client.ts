/**
 * What other plugins may use of the order plugin in the browser (with `contract.ts` and
 * `plugin.ts`): the `order.settlement` extension point, whose sections let the shopper choose what
 * a price adjuster honours (a coupon). A plugin filling it lists `order` in its `requires` and
 * `order.settlement` in its `fills`, and contributes `contribute(orderSettlementSections, section)`.
 * The `order.afterPlace` point: what a plugin does once an order is placed (the cart reloads itself).
 * And the settlement itself, for a page of another order source (`?from=<source>&goods_id=&sku_id=&num=`)
 * with a header of its own: lazy, so importing this file loads no page.
 */
import { lazy } from 'react';

export { orderSettlementSections, type SettlementSection, type SettlementSectionProps } from './sections';
export { announcePlaced, orderPlacedListeners, type OrderPlacedListener, type PlacedOrder } from './placed';
export type { SettlementProps } from './pages/settlement.page';

/** The order settlement page as a component (render it inside Suspense). */
export const OrderSettlement = lazy(() => import('./pages/settlement.page'));
