/**
 * What other plugins may use of the cart plugin in the browser: its services. The order plugin
 * reloads the cart after an order made from it: `(await kernel.plugins.service(cartReload))()`.
 */
import { createServiceRef } from '@kernel/core/extension';

/** Reloads the shopper's cart from the server (its lines and count). */
export const cartReload = createServiceRef<() => Promise<void>>('cart', 'reload');
