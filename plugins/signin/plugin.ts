/** The daily sign-in plugin: a month calendar, today's check-in for points, streak bonuses and retroactive sign-in. */
import { describePlugin, type MenuDescriptor } from '@kernel/core/descriptor';
import { SIGNIN_PATH } from './paths';
import { signinSettings } from './settings';

// Both entries follow the site config's `signIn` switch as well as the plugin's own toggle.
const entry = (slot: string, order: number): MenuDescriptor => ({ slot, id: 'signin', label: 'signin:menu', icon: 'check', to: SIGNIN_PATH, order, auth: true, siteFlag: 'signIn' });

export default describePlugin({
  id: 'signin',
  version: '1.0.0',
  requires: ['auth'],
  routes: [{ path: SIGNIN_PATH, page: 'signin', navBar: 'custom', title: 'signin:title', auth: true }],
  menu: [entry('home.grid', 30), entry('member.services', 30)],
  settings: signinSettings,
});
