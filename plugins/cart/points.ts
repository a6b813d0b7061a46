/**
 * The cart plugin's services, as values: the id is written here once. Only the kernel's
 * `extension` is imported, so any side may import it cheaply.
 */
import { createServiceRef } from '@kernel/core/extension';

/** Reloads the shopper's cart from the server (its lines and count). */
export const cartReload = createServiceRef<() => Promise<void>>('cart', 'reload');
