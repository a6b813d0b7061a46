/** The cash plugin: bank cards, cash-out and its log. */
import { describePlugin, type MenuDescriptor } from '@kernel/core/descriptor';
import { ADD_BANK_PATH, CASH_LOG_PATH, CASH_OUT_PATH } from './paths';
import { cashSettings } from './settings';

const entry = (id: string, icon: string, to: string, order: number): MenuDescriptor => ({ slot: 'member.wallet', id, label: `cash:menu.${id}`, icon, to, order, auth: true });

export default describePlugin({
  id: 'cash',
  version: '1.0.0',
  commands: true,
  requires: ['auth', 'member'],
  routes: [
    { path: CASH_OUT_PATH, page: 'cash-out', navBar: 'default', title: 'cash:title.cash_out', auth: true },
    { path: CASH_LOG_PATH, page: 'cash-log', navBar: 'default', title: 'cash:title.cash_log', auth: true },
    { path: ADD_BANK_PATH, page: 'add-bank', navBar: 'default', title: 'cash:title.add_bank', auth: true },
  ],
  menu: [
    entry('cash_out', 'wallet', CASH_OUT_PATH, 60),
    entry('cash_log', 'order', CASH_LOG_PATH, 62),
    entry('bank', 'card', ADD_BANK_PATH, 64),
    // The balance page's actions (wallet plugin).
    { slot: 'wallet.actions', id: 'cash_out', label: 'cash:menu.cash_out', icon: 'wallet', to: CASH_OUT_PATH, order: 10, auth: true },
    // The balance page's held money (wallet plugin): "提现中 ¥x", the amount as the entry's badge.
    { slot: 'wallet.held', id: 'pending', label: 'cash:menu.pending', icon: 'wallet', to: CASH_LOG_PATH, order: 10, auth: true, badge: true },
  ],
  settings: cashSettings,
});
