/** The lottery plugin: a wheel of eight prizes, drawn for points, with a daily limit. */
import { describePlugin, type MenuDescriptor } from '@kernel/core/descriptor';
import { LOTTERY_PATH } from './paths';
import { lotterySettings } from './settings';

const entry = (slot: string, order: number): MenuDescriptor => ({ slot, id: 'lottery', label: 'lottery:menu', icon: 'lottery', to: LOTTERY_PATH, order, auth: true });

export default describePlugin({
  id: 'lottery',
  version: '1.0.0',
  requires: ['auth', 'coupon'],
  // `storefront lottery list` and `storefront lottery prize <slot> …` (operator.ts).
  commands: true,
  routes: [{ path: LOTTERY_PATH, page: 'lottery', navBar: 'default', title: 'lottery:title', auth: true }],
  menu: [entry('home.grid', 40), entry('member.services', 40)],
  settings: lotterySettings,
});
