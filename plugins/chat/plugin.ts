/** The chat plugin: live customer service for shoppers, and the staff desk. */
import { describePlugin } from '@kernel/core/descriptor';
import { DESK_PATH, DESK_ROOM_PATH, SERVICE_PATH } from './paths';

export default describePlugin({
  id: 'chat',
  version: '1.0.0',
  commands: true,
  requires: ['auth'],
  routes: [
    { path: SERVICE_PATH, page: 'service', navBar: 'default', title: 'chat:title', auth: true },
    { path: DESK_PATH, page: 'desk', navBar: 'default', title: 'chat:desk.title', auth: true },
    { path: DESK_ROOM_PATH, page: 'desk-room', navBar: 'default', title: 'chat:desk.room_title', auth: true },
  ],
  menu: [
    { slot: 'member.services', id: 'service', label: 'chat:menu', icon: 'service', to: SERVICE_PATH, order: 60, auth: true, badge: true },
    // The customer-service icon in the goods detail's bottom bar.
    { slot: 'goods.icons', id: 'service', label: 'chat:menu', icon: 'service', to: SERVICE_PATH, order: 10, auth: true, badge: true },
    // Staff only: their way to the desk from the member centre.
    { slot: 'member.services', id: 'desk', label: 'chat:desk.title', icon: 'service', to: DESK_PATH, order: 61, auth: true, audience: 'staff', badge: true },
  ],
  // Unread counts arrive over the socket while someone is logged in.
  start: 'session',
});
