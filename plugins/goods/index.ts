/** The goods plugin's browser code: the catalogue store, and the home page's catalogue sections. */
import { lazy } from 'react';
import { defineClient } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import { homeSections } from '@plugins/home/public-client';
import { bootCatalogue, catalogueStore } from './store';

export default defineClient({
  stores: { catalogue: catalogueStore },
  contributes: contribute(
    homeSections,
    { id: 'goods.categories', order: 10, component: lazy(() => import('./sections/CategoryGrid')) },
    { id: 'goods.recommend', order: 20, component: lazy(() => import('./sections/RecommendList')) },
  ),
  boot: (kernel) => bootCatalogue(kernel),
});
