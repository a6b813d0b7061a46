/**
 * The chat plugin's calls (spec §7: getServicePeaple, getTheRoom, getRoom, getChat) and the shapes
 * its replies and socket messages share. Users are named by wire id (spec §3): a room's shopper is
 * `user_<id>`, its staff member `admin_<id>`. All calls need a login and show a room only to its two
 * parties; a `user_id` in the payload (number or wire id) must be the caller's own.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { id, limit, page, whole } from '@kernel/core/schemas';
import { parseWireId } from '@kernel/core/socket';

/** Spec §9: the chat page size. */
export const CHAT_PAGE_SIZE = 20;
export const CHAT_PAGE_MAX = 50;
/** The longest message, in characters (code points, so an emoji is one). */
export const MSG_MAX = 500;

/** One side of a room. `id` is the wire id; the shopper is `is_admin: 0`, the staff member 1. */
export interface ChatPeer {
  id: string;
  is_admin: 0 | 1;
  nickname: string;
  /** As stored (a path or URL); the client applies the CDN rule. */
  avatar: string;
  /** Connected to the hub when the reply was made; `presence` pushes keep it live. */
  online: boolean;
}

/** A stored message as the wire carries it (spec §3). */
export interface ChatMessage {
  id: number;
  room_id: number;
  /** Wire ids. */
  from_user_id: string;
  to_user_id: string;
  msg: string;
  /** Unix seconds. */
  createtime: number;
  /** 0 unread, 1 read by its addressee. */
  is_read: 0 | 1;
  type: 'text';
}

/** A room as the caller sees it (spec §3; the client adds its own `list`). */
export interface ChatRoom {
  id: number;
  /** The newest message's text and id; '' and null while the room is empty. */
  last_msg: string;
  last_msg_id: number | null;
  /** Unix seconds of the newest message (the room's creation while empty). */
  updatetime: number;
  /** Messages addressed to the caller that they have not read. */
  no_read: number;
  /** The shopper. */
  peaple1: ChatPeer;
  /** The staff member. */
  peaple2: ChatPeer;
}

/** getServicePeaple: the shopper's room with the staff member assigned, and whether they are connected now (as `staff.online`). */
export interface ServiceRoom {
  room: ChatRoom;
  staff: ChatPeer;
  online: boolean;
}

/** getChat: a page of messages, oldest first within the page. */
export interface ChatPage {
  list: ChatMessage[];
  /** Messages in the room. */
  total: number;
  page: number;
  limit: number;
  /** More in the direction asked: older ones for `page`/`before_id`, newer ones for `after_id`. */
  has_more: boolean;
}

/** A user id as the client sends it: a number, digits, or a wire id (`user_12`, `admin_3`). */
const userId = () =>
  z.pipe(
    z.union([z.number(), z.string()]),
    z.pipe(
      z.transform((value: number | string) => parseWireId(value)?.id ?? Number(String(value).trim())),
      z.number().check(z.int(), z.nonnegative()),
    ),
  );

const owner = { user_id: z.optional(userId()) };

export const chatContract = {
  getServicePeaple: defineCall({
    path: '/api/Worker/getServicePeaple',
    auth: 'required',
    owner: 'user_id',
    payload: z.object(owner),
    reply: shape<ServiceRoom>(),
    summary:
      'Assigns the caller a staff member (the one they talked to before, else the least busy online, else any) and returns their room, created if needed',
  }),
  getTheRoom: defineCall({
    path: '/api/Worker/getTheRoom',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ ...owner, room_id: id() }),
    reply: shape<ChatRoom>(),
    summary: 'One room of the caller (an unknown room a message arrived in)',
  }),
  getRoom: defineCall({
    path: '/api/Worker/getRoom',
    auth: 'required',
    owner: 'user_id',
    payload: z.object(owner),
    reply: shape<ChatRoom[]>(),
    summary: "The caller's rooms, newest message first, with the caller's unread counts",
  }),
  getChat: defineCall({
    path: '/api/Worker/getChat',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({
      ...owner,
      room_id: id(),
      page: page(),
      limit: limit(CHAT_PAGE_MAX, CHAT_PAGE_SIZE),
      /** Instead of a page: the messages after this id, oldest first (what a reconnect missed). */
      after_id: z.optional(whole()),
      /** Instead of a page: the newest messages before this id (older history that new messages cannot shift). */
      before_id: z.optional(id()),
    }),
    reply: shape<ChatPage>(),
    summary: "A room's messages, oldest first within a page: page 1 is the latest, later pages older; or those after `after_id`",
  }),
} as const;

/*
 * Socket messages (kernel/core/socket.ts carries them). The sender is always the connection's
 * user: a `from_user_id` or `to_user_id` in a frame is ignored. Type aliases, not interfaces, so
 * they are `SocketMessage`s.
 */

/** Client → hub: a text message into a room; `cid` is the client's id for its pending/failed state. */
export type SingleFrame = {
  type: 'single';
  room_id: number;
  msg: string;
  cid?: string;
};

/**
 * Hub → client: a message stored in a room, flat, with the frame's `type: 'single'` in place of
 * the message's own `type` (always 'text'; `messageOf` restores it). The sender's connections get
 * it with the `cid` they sent (the acknowledgement); the other party's connections without one.
 * A refusal comes as `{ type: 'error', of: 'single', cid, msg }` instead, and nothing was stored.
 */
export type SingleMessage = Omit<ChatMessage, 'type'> & { type: 'single'; cid?: string };

/** The message a `single` carries, as getChat lists it. */
export function messageOf(single: SingleMessage): ChatMessage {
  const { cid: _cid, type: _type, ...message } = single;
  return { ...message, type: 'text' };
}

/** Client → hub: the caller read their unread messages of the room (or only the listed ids). */
export type ReadMsgFrame = {
  type: 'read_msg';
  room_id: number;
  ids?: number[];
};

/**
 * Hub → both parties' connections: these messages of the room are now read; `reader` (a wire id)
 * read them. The reader's connections get one even when nothing was unread (`ids: []`); the
 * other party's only when something changed (their read receipts).
 */
export type ReadMsgMessage = {
  type: 'read_msg';
  room_id: number;
  ids: number[];
  reader: string;
};
