/**
 * The `order.afterPlace` extension point (browser): what other plugins do once the shopper has placed
 * an order, e.g. the cart reloads itself after an order made from its lines. The settlement page
 * announces every placed order; a listener that fails is logged and never stops the shopper.
 */
import type { Kernel } from '@kernel/client/kernel';
import { orderPlacedListeners } from './points';

export interface PlacedOrder {
  /** The order source that placed it (`cart`, `buy`, `seckill`). */
  source: string;
  order_no: string;
}

export type OrderPlacedListener = (kernel: Kernel, placed: PlacedOrder) => void | Promise<void>;

/** Tells every listener of the enabled plugins (their code loaded first) that `placed` was placed. */
export async function announcePlaced(kernel: Kernel, placed: PlacedOrder): Promise<void> {
  await kernel.plugins.fill(orderPlacedListeners.id);
  for (const listener of kernel.extensions.list(orderPlacedListeners)) {
    try {
      await listener(kernel, placed);
    } catch (failure) {
      console.error('storefront: an order.afterPlace listener failed', failure);
    }
  }
}

export { orderPlacedListeners } from './points';
