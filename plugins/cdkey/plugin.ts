/** The card-key plugin: redeeming a card key for balance or points. */
import { describePlugin, type MenuDescriptor } from '@kernel/core/descriptor';
import { ADD_CDKEY_PATH } from './paths';
import { cdkeySettings } from './settings';

const entry = (slot: string, label: string, order: number): MenuDescriptor => ({ slot, id: 'cdkey', label, icon: 'key', to: ADD_CDKEY_PATH, order, auth: true });

export default describePlugin({
  id: 'cdkey',
  version: '1.0.0',
  commands: true,
  requires: ['auth'],
  routes: [{ path: ADD_CDKEY_PATH, page: 'add-cdkey', navBar: 'custom', title: 'cdkey:title', auth: true }],
  // The member centre, the balance page's actions, and the pay page's ways to top up.
  menu: [entry('member.wallet', 'cdkey:menu', 60), entry('wallet.actions', 'cdkey:menu', 20), entry('order.topup', 'cdkey:topup', 20)],
  settings: cdkeySettings,
});
