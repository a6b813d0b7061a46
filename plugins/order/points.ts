/**
 * The order plugin's extension points, as values: each id is written here once. Only the
 * kernel's `extension` and types are imported (the server points' types are erased), so
 * descriptors, loaded eagerly in the browser, may import it without pulling server code.
 */
import { createExtensionPoint } from '@kernel/core/extension';
import type { PriceAdjuster } from './adjusters';
import type { PaymentMethod } from './payments';
import type { OrderPlacedListener } from './placed';
import type { SettlementSection } from './sections';
import type { OrderSourceDef } from './sources';
import type { OrderTransitionHook } from './transitions';

/** Server: what changes an order's price (coupons, flash sales). */
export const orderAdjusters = createExtensionPoint<PriceAdjuster>('order.adjusters');
/** Server: what runs inside an order's move and commits with it (a coupon comes back when the order is cancelled). */
export const orderTransitions = createExtensionPoint<OrderTransitionHook>('order.transitions');
/** Server: where an order's goods come from (the cart, "buy now", a flash sale). */
export const orderSources = createExtensionPoint<OrderSourceDef>('order.sources');
/** Server: ways to pay an order besides the balance (WeChat Pay, Alipay), offered while their plugin is enabled. */
export const orderPayments = createExtensionPoint<PaymentMethod>('order.payments');
/** Browser: sections of the settlement screen choosing what an adjuster honours. */
export const orderSettlementSections = createExtensionPoint<SettlementSection>('order.settlement');
/** Browser: what other plugins do once the shopper has placed an order (the cart reloads after an order from its lines). */
export const orderPlacedListeners = createExtensionPoint<OrderPlacedListener>('order.afterPlace');
