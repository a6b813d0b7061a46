/**
 * The goods plugin's extension points, as values: the id is written here once. Only the kernel's
 * `extension` and types are imported, so descriptors (loaded eagerly in the browser) may import it.
 */
import { createExtensionPoint } from '@kernel/core/extension';
import type { GoodsAction } from './actions';

/** Buttons in the goods detail's bottom bar (add to cart, buy now). */
export const goodsActions = createExtensionPoint<GoodsAction>('goods.actions');
