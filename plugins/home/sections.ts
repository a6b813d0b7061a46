/**
 * The `home.sections` extension point: blocks other plugins add under the home page's grid
 * (goods adds its category grid and recommended goods), rendered by ascending `order`.
 */
import type { ComponentType } from 'react';
import { createExtensionPoint } from '@kernel/core/extension';

export interface HomeSection {
  /** Unique across plugins, e.g. `goods.recommend`. */
  id: string;
  order: number;
  /** May be `React.lazy(...)`: the home page renders sections inside Suspense. */
  component: ComponentType;
}

/** The point itself: the home plugin offers it (its descriptor's `offers`). */
export const homeSections = createExtensionPoint<HomeSection>('home.sections');

export const bySectionOrder = (a: HomeSection, b: HomeSection): number => a.order - b.order;
