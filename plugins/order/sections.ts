/**
 * The `order.settlement` extension point: sections of the settlement screen that let the shopper
 * choose something a price adjuster of the same id honours (a coupon). A section reads what its
 * adjuster offers from `settlement.options[id]` and reports the choice; the screen sends every
 * choice with the preview and the confirmation (`choices`), and the server prices the order.
 */
import type { ComponentType } from 'react';
import type { Settlement } from './contract';

export interface SettlementSectionProps {
  settlement: Settlement;
  /** The shopper's current choice for this section's adjuster, if any. */
  choice: number | undefined;
  choose(choice: number | undefined): void;
  /** While a new preview is on its way. */
  busy: boolean;
}

export interface SettlementSection {
  /** The price adjuster's id this section chooses for (`coupon`). */
  id: string;
  order: number;
  component: ComponentType<SettlementSectionProps>;
}

/** The point itself (its value lives in ./points.ts, which descriptors may import). */
export { orderSettlementSections } from './points';
