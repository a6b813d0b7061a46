/**
 * The home plugin in the browser: the home page (`/` and `/pages/index/index`), its tab, and the
 * `home.sections` extension point other plugins fill. Part of the shell: a site cannot switch it off.
 */
import { definePlugin } from '@kernel/client/plugin';
import { HOME_PATH } from '@kernel/client/registries';
import type {} from './sections';
import { bootHome, homeStore } from './store';

export default definePlugin({
  id: 'home',
  version: '1.0.0',
  core: true,
  routes: [{ path: HOME_PATH, page: () => import('./pages/index.page'), navBar: 'custom', title: 'home:title', tabbar: true }],
  menu: [{ slot: 'tabbar', id: 'home', label: 'home:tab', icon: 'home', to: HOME_PATH, order: 10 }],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  stores: { content: homeStore },
  extensionPoints: ['home.sections'],
  boot: (kernel) => bootHome(kernel),
});
