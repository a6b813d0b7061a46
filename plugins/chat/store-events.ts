/**
 * What the socket brings (spec §4 "Incoming messages"), applied to the chat store:
 * - `single`: added to the active room (by id; the own acknowledgement replaces its pending copy
 *   by cid); the room's last message and time are updated; from the other party in the active,
 *   visible room it is read at once (`read_msg`), otherwise the room's unread count rises; an
 *   unknown room is fetched and added; rooms newest first, the total recomputed.
 * - `read_msg`: the listed messages are read (own ones show the read receipt).
 * - `error` of a `single`: that send failed.
 * - `seckill`: the last flash-sale event is kept.
 * - `presence`: the other party came online or went offline.
 * And each open of the socket: the room list (again), and what the active room missed.
 * Loaded by ./store.ts with the first of them; messages are parsed, never trusted.
 */
import type { Kernel } from '@kernel/client/kernel';
import { parseWireId, type SocketMessage } from '@kernel/core/socket';
import type { ChatMessage, ReadMsgFrame } from './contract';
import { isMine } from './parties';
import type { ChatState } from './store';
import { applyPresence } from './store-presence';
import { addMessages, catchUp, pageVisible, readActiveRoom } from './store-room';
import { fetchRoom, findRoom, loadRooms, owner, settleRooms } from './store-rooms';
import { failPending, settleByCid, settleByText } from './store-send';

const positive = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null);

/** A `single` as a stored message, or null when a field is missing or of the wrong kind. */
export function messageIn(frame: SocketMessage): ChatMessage | null {
  const id = positive(frame.id);
  const roomId = positive(frame.room_id);
  const { from_user_id: from, to_user_id: to, msg, createtime } = frame;
  if (!id || !roomId || typeof from !== 'string' || typeof to !== 'string' || typeof msg !== 'string' || typeof createtime !== 'number') return null;
  return { id, room_id: roomId, from_user_id: from, to_user_id: to, msg, createtime, is_read: frame.is_read === 1 ? 1 : 0, type: 'text' };
}

async function single(kernel: Kernel, store: ChatState, me: number, frame: SocketMessage): Promise<void> {
  const message = messageIn(frame);
  if (!message) return;
  const mine = isMine(message, me);
  if (mine && typeof frame.cid === 'string') settleByCid(store, frame.cid);
  else if (mine) settleByText(store, message);
  addMessages(store, [message]);
  const reading = !mine && store.active_room === message.room_id && pageVisible();
  // A room this tab does not know is fetched; messages arriving together wait for the same request.
  const room = findRoom(store, message.room_id) ?? (await fetchRoom(kernel, store, message.room_id).catch(() => null));
  if (!room) return;
  // A room the server answered after this message was stored already counts it.
  if (message.id <= (room.last_msg_id ?? 0)) {
    if (reading) readActiveRoom(kernel, store);
    return;
  }
  Object.assign(room, { last_msg: message.msg, last_msg_id: message.id, updatetime: message.createtime });
  if (reading) {
    const receipt: ReadMsgFrame = { type: 'read_msg', room_id: message.room_id, ids: [message.id] };
    if (!kernel.socket.send(receipt)) room.no_read += 1;
  } else if (!mine) room.no_read += 1;
  settleRooms(store);
}

function readMsg(store: ChatState, me: number, frame: SocketMessage): void {
  const roomId = positive(frame.room_id);
  const reader = parseWireId(frame.reader);
  if (!roomId || !reader || !Array.isArray(frame.ids)) return;
  const ids = new Set(frame.ids.filter((id): id is number => positive(id) !== null));
  const byMe = reader.id === me;
  // The reader's own messages are not what was read: the ones addressed to them are.
  for (const message of store.msgList) {
    if (message.room_id === roomId && ids.has(message.id) && isMine(message, me) !== byMe) message.is_read = 1;
  }
  const room = findRoom(store, roomId);
  if (byMe && room && ids.size > 0) {
    // Read here or in another tab of this user.
    room.no_read = Math.max(0, room.no_read - ids.size);
    settleRooms(store);
  }
}

function seckill(store: ChatState, frame: SocketMessage): void {
  const number = (value: unknown) => Number(value) || 0;
  store.seckill = { event: String(frame.event ?? ''), seckill_id: number(frame.seckill_id), goods_id: number(frame.goods_id), buy_num: number(frame.buy_num) };
}

/** One incoming chat message (the socket's `single`, `read_msg`, `error`, `seckill` or `presence`). */
export function received(kernel: Kernel, store: ChatState, frame: SocketMessage): void | Promise<void> {
  const me = owner(kernel, store);
  if (!me) return;
  switch (frame.type) {
    case 'single':
      return single(kernel, store, me, frame);
    case 'read_msg':
      return readMsg(store, me, frame);
    case 'error':
      if (frame.of === 'single' && typeof frame.cid === 'string') failPending(store, frame.cid, typeof frame.msg === 'string' ? frame.msg : '');
      return;
    case 'seckill':
      return seckill(store, frame);
    case 'presence':
      return applyPresence(store, frame);
  }
}

/**
 * The socket opened: the room list loads (spec §4: on the first open since the login; again on a
 * reopening, for what changed meanwhile), and the active room fetches what it missed — also on a
 * first open, since a page may have loaded the room before the connection came up.
 */
export function opened(kernel: Kernel, store: ChatState): Promise<void> {
  if (!owner(kernel, store)) return Promise.resolve();
  return Promise.all([loadRooms(kernel, store, true), catchUp(kernel, store)]).then(() => readActiveRoom(kernel, store));
}
