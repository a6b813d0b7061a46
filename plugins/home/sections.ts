/**
 * The `home.sections` extension point: blocks other plugins add under the home page's grid
 * (goods adds its category grid and recommended goods), rendered by ascending `order`.
 */
import type { ComponentType } from 'react';

export interface HomeSection {
  /** Unique across plugins, e.g. `goods.recommend`. */
  id: string;
  order: number;
  /** May be `React.lazy(...)`: the home page renders sections inside Suspense. */
  component: ComponentType;
}

/** The point itself (its value lives in ./points.ts, which descriptors may import). */
export { homeSections } from './points';

export const bySectionOrder = (a: HomeSection, b: HomeSection): number => a.order - b.order;
