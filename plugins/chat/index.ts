/**
 * The chat plugin in the browser: the customer-service page (`/user/service/service`) with its
 * member-centre entry (the unread count as its badge), the staff desk (`/staff/desk/desk`, a
 * staff member's rooms, and `/staff/desk/room?id=`; a member-centre entry shown to staff only),
 * and the chat store fed by the socket. Eager,
 * so it stays small: the pages and what the socket's messages change load lazily.
 */
import { badge, definePlugin } from '@kernel/client/plugin';
import { isStaffUser } from '@kernel/core/user';
import { DESK_PATH, DESK_ROOM_PATH, SERVICE_PATH } from './paths';
import { chatStore, followChat } from './store';

export default definePlugin({
  id: 'chat',
  version: '1.0.0',
  requires: ['auth'],
  routes: [
    { path: SERVICE_PATH, page: () => import('./pages/service.page'), navBar: 'default', title: 'chat:title', auth: true },
    { path: DESK_PATH, page: () => import('./pages/desk.page'), navBar: 'default', title: 'chat:desk.title', auth: true },
    { path: DESK_ROOM_PATH, page: () => import('./pages/desk-room.page'), navBar: 'default', title: 'chat:desk.room_title', auth: true },
  ],
  menu: [
    { slot: 'member.services', id: 'service', label: 'chat:menu', icon: 'service', to: SERVICE_PATH, order: 60, auth: true, badge: badge(chatStore, (s) => s.noRead || null) },
    // The customer-service icon in the goods detail's bottom bar.
    { slot: 'goods.icons', id: 'service', label: 'chat:menu', icon: 'service', to: SERVICE_PATH, order: 10, auth: true, badge: badge(chatStore, (s) => s.noRead || null) },
    // Staff only: their way to the desk from the member centre.
    { slot: 'member.services', id: 'desk', label: 'chat:desk.title', icon: 'service', to: DESK_PATH, order: 61, auth: true, visible: isStaffUser },
  ],
  stores: { chat: chatStore },
  i18n: { en: () => import('./i18n/en.json'), 'zh-Hans': () => import('./i18n/zh-Hans.json') },
  setup: (kernel) => followChat(kernel),
});
