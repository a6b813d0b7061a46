/** The wallet plugin: the balance and points pages with their ledgers. */
import { describePlugin } from '@kernel/core/descriptor';
import { MONEY_PATH, SCORE_PATH } from './paths';

export default describePlugin({
  id: 'wallet',
  version: '1.0.0',
  requires: ['auth'],
  routes: [
    { path: MONEY_PATH, page: 'money', navBar: 'default', title: 'wallet:title.money', auth: true },
    { path: SCORE_PATH, page: 'score', navBar: 'default', title: 'wallet:title.score', auth: true },
  ],
});
