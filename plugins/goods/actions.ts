/**
 * The `goods.actions` extension point: buttons in the goods detail's bottom bar (add to cart,
 * buy now) that the cart and order plugins contribute. They receive the goods and the shopper's
 * current SKU choice.
 */
import type { ComponentType } from 'react';
import type { GoodsDetail } from './contract';
import type { ChooserView } from './sku';

export interface GoodsActionProps {
  goods: GoodsDetail;
  /** `choice.sku` is null until every spec is chosen; `choice.missing` names what is left. */
  choice: ChooserView;
}

export interface GoodsAction {
  id: string;
  order: number;
  component: ComponentType<GoodsActionProps>;
}

/** The point itself (its value lives in ./points.ts, which descriptors may import). */
export { goodsActions } from './points';

/**
 * Why the shopper's choice cannot be bought or added yet, as a `goods:` i18n key: a spec still
 * to choose, or a sold-out SKU; null when it can. Shared by the buttons of `goods.actions`.
 */
export function choiceProblem(choice: ChooserView): { key: string; params?: Record<string, string> } | null {
  if (!choice.sku) return { key: 'goods:detail.choose', params: { names: choice.missing.join(' / ') } };
  if (choice.sku.stock <= 0) return { key: 'goods:detail.sold_out' };
  return null;
}
