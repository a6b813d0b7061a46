/**
 * The goods plugin in the browser: category, list, search and detail pages, the category tab,
 * the category tree store (loaded at boot), and two home sections. Eager, so it stays small:
 * pages and sections load lazily.
 */
import { lazy } from 'react';
import { definePlugin } from '@kernel/client/plugin';
import type {} from './actions';
import { CATEGORY_PATH, DETAIL_PATH, LIST_PATH, SEARCH_PATH } from './pages/paths';
import { bootCatalogue, catalogueStore } from './store';

export default definePlugin({
  id: 'goods',
  version: '1.0.0',
  routes: [
    { path: CATEGORY_PATH, page: () => import('./pages/category.page'), navBar: 'default', title: 'goods:title.category', tabbar: true },
    { path: LIST_PATH, page: () => import('./pages/list.page'), navBar: 'custom', title: 'goods:title.list' },
    { path: SEARCH_PATH, page: () => import('./pages/search.page'), navBar: 'custom', title: 'goods:title.search' },
    { path: DETAIL_PATH, page: () => import('./pages/detail.page'), navBar: 'custom', title: 'goods:title.detail' },
  ],
  menu: [{ slot: 'tabbar', id: 'category', label: 'goods:tab', icon: 'category', to: CATEGORY_PATH, order: 20 }],
  stores: { catalogue: catalogueStore },
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  extensionPoints: ['goods.actions'],
  contributes: {
    'home.sections': [
      { id: 'goods.categories', order: 10, component: lazy(() => import('./sections/CategoryGrid')) },
      { id: 'goods.recommend', order: 20, component: lazy(() => import('./sections/RecommendList')) },
    ],
  },
  boot: (kernel) => bootCatalogue(kernel),
});
