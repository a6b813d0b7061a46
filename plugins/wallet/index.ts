/**
 * The wallet plugin in the browser: the balance and score pages with their ledgers. No menu
 * entries: the member centre's balance and score tiles link here once these routes exist.
 */
import { definePlugin } from '@kernel/client/plugin';
import { MONEY_PATH, SCORE_PATH } from './paths';

export default definePlugin({
  id: 'wallet',
  version: '1.0.0',
  requires: ['auth'],
  routes: [
    { path: MONEY_PATH, page: () => import('./pages/money.page'), navBar: 'default', title: 'wallet:title.money', auth: true },
    { path: SCORE_PATH, page: () => import('./pages/score.page'), navBar: 'default', title: 'wallet:title.score', auth: true },
  ],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
