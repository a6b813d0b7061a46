/**
 * The cash plugin in the browser: bank cards, cash-out and its log, and their entries in the
 * member centre's wallet (`member.wallet`) and on the balance page (`wallet.actions`). Eager, so
 * it stays tiny: pages and contract load lazily.
 */
import { definePlugin, type MenuEntry } from '@kernel/client/plugin';
import { ADD_BANK_PATH, CASH_LOG_PATH, CASH_OUT_PATH } from './paths';

const entry = (id: string, icon: string, to: string, order: number): MenuEntry => ({ slot: 'member.wallet', id, label: `cash:menu.${id}`, icon, to, order, auth: true });

export default definePlugin({
  id: 'cash',
  version: '1.0.0',
  requires: ['auth', 'member'],
  routes: [
    { path: CASH_OUT_PATH, page: () => import('./pages/cash-out.page'), navBar: 'default', title: 'cash:title.cash_out', auth: true },
    { path: CASH_LOG_PATH, page: () => import('./pages/cash-log.page'), navBar: 'default', title: 'cash:title.cash_log', auth: true },
    { path: ADD_BANK_PATH, page: () => import('./pages/add-bank.page'), navBar: 'default', title: 'cash:title.add_bank', auth: true },
  ],
  menu: [
    entry('cash_out', 'wallet', CASH_OUT_PATH, 60),
    entry('cash_log', 'order', CASH_LOG_PATH, 62),
    entry('bank', 'card', ADD_BANK_PATH, 64),
    // The balance page's actions (wallet plugin).
    { slot: 'wallet.actions', id: 'cash_out', label: 'cash:menu.cash_out', icon: 'wallet', to: CASH_OUT_PATH, order: 10, auth: true },
  ],
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
});
