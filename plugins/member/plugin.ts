/** The member plugin: the member centre (我的), the profile and the avatar. */
import { describePlugin } from '@kernel/core/descriptor';
import { AVATAR_PATH, MEMBER_PATH, PROFILE_PATH } from './paths';

export default describePlugin({
  id: 'member',
  version: '1.1.0',
  requires: ['auth'],
  routes: [
    { path: MEMBER_PATH, page: 'user', navBar: 'custom', title: 'member:title.user', tabbar: true },
    { path: PROFILE_PATH, page: 'profile', navBar: 'default', title: 'member:title.profile', auth: true },
    { path: AVATAR_PATH, page: 'avatar', navBar: 'default', title: 'member:title.avatar', auth: true },
  ],
    // The tab shows what waits inside the member centre's services (the unread chat), not seen from other tabs.
  menu: [{ slot: 'tabbar', id: 'mine', label: 'member:tabbar.mine', icon: 'user', to: MEMBER_PATH, order: 90, badgeFrom: ['member.services'] }],
});
