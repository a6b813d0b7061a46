/** The goods plugin: categories, lists, search and the goods detail, and the home page's catalogue sections. */
import { describePlugin } from '@kernel/core/descriptor';
import { homeSections } from '@plugins/home/points';
import { CATEGORY_PATH, DETAIL_PATH, LIST_PATH, SEARCH_PATH } from './pages/paths';
import { goodsActions } from './points';

export default describePlugin({
  id: 'goods',
  version: '1.0.0',
  commands: true,
  requires: ['home'],
  routes: [
    { path: CATEGORY_PATH, page: 'category', navBar: 'default', title: 'goods:title.category', tabbar: true },
    { path: LIST_PATH, page: 'list', navBar: 'custom', title: 'goods:title.list' },
    { path: SEARCH_PATH, page: 'search', navBar: 'custom', title: 'goods:title.search' },
    { path: DETAIL_PATH, page: 'detail', navBar: 'custom', title: 'goods:title.detail' },
  ],
  menu: [{ slot: 'tabbar', id: 'category', label: 'goods:tab', icon: 'category', to: CATEGORY_PATH, order: 20 }],
  offers: [goodsActions],
  fills: [homeSections],
  // What its home sections show (./sections, with GoodsCard): they come with index.html.
  bootStrings: ['goods:section.categories', 'goods:section.recommend', 'goods:list.sales'],
});
