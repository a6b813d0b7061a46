/** The chat plugin's browser code: the unread badges and the live store that follows the socket. */
import { badge, defineClient } from '@kernel/client/plugin';
import { chatStore, followChat } from './store';

export default defineClient({
  // Shoppers' questions to a staff member wait on the desk's badge; 联系客服 counts the user's own conversations.
  badges: {
    service: badge(chatStore, (s) => s.noRead - s.deskNoRead || null),
    desk: badge(chatStore, (s) => s.deskNoRead || null),
  },
  stores: { chat: chatStore },
  setup: (kernel) => followChat(kernel),
});
