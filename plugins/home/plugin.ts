/** The home plugin (part of the shell): the home page, whose sections other plugins fill. */
import { describePlugin } from '@kernel/core/descriptor';
import { HOME_PATH } from '@kernel/core/paths';
import { homeNoticeBar, homeSections } from './points';

export default describePlugin({
  id: 'home',
  version: '1.0.0',
  core: true,
  routes: [{ path: HOME_PATH, page: 'index', navBar: 'custom', title: 'home:title', tabbar: true }],
  menu: [{ slot: 'tabbar', id: 'home', label: 'home:tab', icon: 'home', to: HOME_PATH, order: 10 }],
  offers: [homeSections, homeNoticeBar],
});
