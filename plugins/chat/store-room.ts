/**
 * The room on screen (spec §4 "Opening a room"): page 1 of its messages (20) replaces the list,
 * older pages are prepended, unread ones are marked read with a read receipt, and after a
 * reconnect what was missed is fetched (`after_id`). Messages are kept by id, oldest first.
 */
import type { Kernel } from '@kernel/client/kernel';
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE, chatContract, type ChatMessage, type ReadMsgFrame } from './contract';
import { isMine } from './parties';
import type { ChatState } from './store';
import { findRoom, owner, settleRooms, stillOwner } from './store-rooms';
import { settleByText } from './store-send';

/** The page is in front of the user (a hidden tab reads nothing: its messages stay unread). */
export const pageVisible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
/**
 * The same request is already on its way (a page mounted twice): its reply will do. Read from the
 * CallError's `reason` without importing its module, which would split it out of the entry chunk.
 */
const duplicate = (error: unknown) => (error as { reason?: unknown } | null)?.reason === 'duplicate';

/** The store's room fields when no room is on screen. */
const noRoom = (): Partial<ChatState> => ({ active_room: 0, msgList: [], allMsgNumber: 0, messages: 'idle', messagesError: '', hasOlder: false, loadingOlder: false, olderError: '' });

/**
 * Adds messages of the active room (a new one, a page, what was missed), by id, oldest first. A
 * message read stays read (a copy fetched earlier may not know yet).
 */
export function addMessages(store: ChatState, messages: readonly ChatMessage[]): void {
  const byId = new Map(store.msgList.map((message) => [message.id, message]));
  let changed = false;
  for (const message of messages) {
    if (message.room_id !== store.active_room) continue;
    byId.set(message.id, byId.get(message.id)?.is_read ? { ...message, is_read: 1 } : message);
    changed = true;
  }
  if (changed) store.msgList = [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * Marks the active room read when the page is visible and something in it is unread: one
 * `read_msg` for the room (the hub answers with the ids). When the socket is not open it stays
 * unread; the next open tries again.
 */
export function readActiveRoom(kernel: Kernel, store: ChatState): void {
  const roomId = store.active_room;
  if (!roomId || !pageVisible()) return;
  const room = findRoom(store, roomId);
  const unread = store.msgList.some((message) => message.is_read === 0 && !isMine(message, store.user_id));
  if (!unread && !room?.no_read) return;
  const frame: ReadMsgFrame = { type: 'read_msg', room_id: roomId };
  if (!kernel.socket.send(frame) || !room) return;
  room.no_read = 0;
  settleRooms(store);
}

/** Opens a room: its latest page replaces the list, then it is marked read. Never rejects. */
export async function openRoom(kernel: Kernel, store: ChatState, roomId: number): Promise<void> {
  const me = owner(kernel, store);
  if (!me) return;
  Object.assign(store, noRoom(), { active_room: roomId, messages: 'loading' });
  try {
    const page = await kernel.http.data(chatContract.getChat, { room_id: roomId, page: 1, limit: CHAT_PAGE_SIZE }, { toastError: false });
    if (!stillOwner(kernel, store, me) || store.active_room !== roomId) return;
    // Messages that arrived while the page was on its way stay (by id).
    addMessages(store, page.list);
    Object.assign(store, { hasOlder: page.has_more, allMsgNumber: page.total, messages: 'ready' });
    readActiveRoom(kernel, store);
  } catch (error) {
    if (duplicate(error) || !stillOwner(kernel, store, me) || store.active_room !== roomId) return;
    Object.assign(store, { messages: 'error', messagesError: reason(error) });
  }
}

/** The page left the room: nothing is active, so new messages there count as unread. */
export function closeRoom(store: ChatState, roomId: number): void {
  if (store.active_room === roomId) Object.assign(store, noRoom());
}

/** The 20 messages before the oldest on screen, prepended (by id, so new arrivals cannot shift the page). */
export async function loadOlder(kernel: Kernel, store: ChatState): Promise<void> {
  const roomId = store.active_room;
  const oldest = store.msgList[0]?.id;
  const me = store.user_id;
  if (!roomId || !oldest || !store.hasOlder || store.loadingOlder || store.messages !== 'ready') return;
  Object.assign(store, { loadingOlder: true, olderError: '' });
  try {
    const page = await kernel.http.data(chatContract.getChat, { room_id: roomId, before_id: oldest, limit: CHAT_PAGE_SIZE }, { toastError: false });
    if (!stillOwner(kernel, store, me) || store.active_room !== roomId) return;
    addMessages(store, page.list);
    store.hasOlder = page.has_more;
  } catch (error) {
    if (stillOwner(kernel, store, me) && store.active_room === roomId) store.olderError = reason(error);
  } finally {
    if (store.active_room === roomId) store.loadingOlder = false;
  }
}

/** At most this many pages of missed messages are fetched after a reconnect; more and the room reopens at its latest page. */
const CATCH_UP_PAGES = 10;

/**
 * After a reconnect: the active room's messages after the newest on screen (`after_id`), pages of
 * 50 until none are left (the caller then marks them read). Own messages stored before the
 * connection dropped settle the pending copies they match. Never rejects.
 */
export async function catchUp(kernel: Kernel, store: ChatState): Promise<void> {
  const roomId = store.active_room;
  const me = store.user_id;
  if (!roomId || store.messages !== 'ready') return;
  try {
    for (let round = 0; round < CATCH_UP_PAGES; round++) {
      const after = store.msgList.at(-1)?.id ?? 0;
      const page = await kernel.http.data(chatContract.getChat, { room_id: roomId, after_id: after, limit: CHAT_PAGE_MAX }, { toastError: false });
      if (!stillOwner(kernel, store, me) || store.active_room !== roomId) return;
      for (const message of page.list) if (isMine(message, me)) settleByText(store, message);
      addMessages(store, page.list);
      store.allMsgNumber = page.total;
      if (!page.has_more || page.list.length === 0) return;
    }
    await openRoom(kernel, store, roomId);
  } catch (error) {
    // The next reconnect tries again; until then the room shows what it has.
    if (!duplicate(error)) console.warn('storefront: the chat could not fetch the messages missed while disconnected', error);
  }
}
