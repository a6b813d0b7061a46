/**
 * Browser test data: rooms and messages as the chat's calls and socket carry them. The shopper
 * is user 7 (`user_7`), the staff member user 3 (`admin_3`) unless a test says otherwise.
 */
import type { ChatMessage, ChatPage, ChatPeer, ChatRoom, SingleMessage } from './contract';

export const SHOPPER = 7;
export const STAFF = 3;
/** 10:00 on 2 March 2026 in Shanghai, in unix seconds. */
export const NOW_S = Math.floor(new Date('2026-03-02T02:00:00Z').getTime() / 1000);

export const shopperPeer = (id = SHOPPER, nickname = 'Ann', online = true): ChatPeer => ({ id: `user_${id}`, is_admin: 0, nickname, avatar: '', online });
export const staffPeer = (id = STAFF, nickname = '客服小优', online = true): ChatPeer => ({ id: `admin_${id}`, is_admin: 1, nickname, avatar: '/uploads/staff.png', online });

export function room(id: number, fields: Partial<ChatRoom> = {}): ChatRoom {
  return { id, last_msg: '', last_msg_id: null, updatetime: NOW_S - 3600 + id, no_read: 0, peaple1: shopperPeer(), peaple2: staffPeer(), ...fields };
}

/** A message in a room; `from` is a wire id (default the staff member, to the shopper). */
export function message(id: number, fields: Partial<ChatMessage> = {}): ChatMessage {
  const from = fields.from_user_id ?? `admin_${STAFF}`;
  const to = fields.to_user_id ?? (from.startsWith('admin_') ? `user_${SHOPPER}` : `admin_${STAFF}`);
  return { id, room_id: 1, from_user_id: from, to_user_id: to, msg: `message ${id}`, createtime: NOW_S - 600 + id, is_read: 0, type: 'text', ...fields };
}

/** The socket's `single` carrying a message (with the sender's cid on its own acknowledgement). */
export function single(m: ChatMessage, cid?: string): SingleMessage {
  const { type: _type, ...rest } = m;
  return { ...rest, type: 'single', ...(cid === undefined ? {} : { cid }) };
}

/** A getChat reply. */
export const chatPage = (list: ChatMessage[], fields: Partial<ChatPage> = {}): ChatPage => ({ list, total: list.length, page: 1, limit: 20, has_more: false, ...fields });
