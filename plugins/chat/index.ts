/** The chat plugin's browser code: the unread badges and the live store that follows the socket. */
import { badge, defineClient } from '@kernel/client/plugin';
import { chatStore, followChat } from './store';

export default defineClient({
  badges: { service: badge(chatStore, (s) => s.noRead || null) },
  stores: { chat: chatStore },
  setup: (kernel) => followChat(kernel),
});
