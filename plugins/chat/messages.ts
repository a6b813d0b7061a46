/**
 * Messages: stored before anyone is told (the room's newest message in the same transaction),
 * read a page at a time or after the last one a client has, and marked read by their addressee.
 */
import { BizError } from '@kernel/core/errors';
import type { Db } from '@kernel/server/plugin';
import type { ChatMessage, ChatPage } from './contract';
import { ROOM_NOT_FOUND, type RoomRow } from './rooms';
import type {} from './tables';
import { peerOf, toWireMessage, type MessageRow } from './wire';

const MESSAGE_COLUMNS = ['id', 'room_id', 'from_user_id', 'to_user_id', 'msg', 'createtime', 'is_read'] as const;

export interface NewMessage {
  roomId: number;
  senderId: number;
  /** Checked already (readSingle): trimmed, 1–MSG_MAX characters. */
  text: string;
  /** Unix seconds. */
  now: number;
}

/**
 * Stores a text message from `senderId` to the other party of the room, and makes it the room's
 * newest. "Not found" when the sender is not a party. The room row is updated first: on
 * PostgreSQL that locks it, so a room's messages get their ids in the order they commit and a
 * client catching up `after_id` never skips one that commits later with a smaller id.
 */
export async function storeMessage(db: Db, input: NewMessage): Promise<{ message: ChatMessage; room: RoomRow }> {
  return db.transaction().execute(async (tx) => {
    const room = await tx
      .updateTable('chat_room')
      .set({ updatetime: input.now })
      .where('id', '=', input.roomId)
      .where((eb) => eb.or([eb('user_id', '=', input.senderId), eb('staff_id', '=', input.senderId)]))
      .returning(['id', 'user_id', 'staff_id'])
      .executeTakeFirst();
    if (!room) throw new BizError(ROOM_NOT_FOUND, { room: input.roomId });
    const row = await tx
      .insertInto('chat_message')
      .values({ room_id: room.id, from_user_id: input.senderId, to_user_id: peerOf(room, input.senderId), msg: input.text, createtime: input.now, is_read: 0, type: 'text' })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    await tx.updateTable('chat_room').set({ last_msg: row.msg, last_msg_id: row.id }).where('id', '=', room.id).execute();
    return { message: toWireMessage(row, room), room };
  });
}

export interface PageRequest {
  page: number;
  limit: number;
  afterId?: number;
  beforeId?: number;
}

/**
 * A page of the room's messages, oldest first within it. Page 1 is the newest `limit`, page 2 the
 * ones before them…; `beforeId` pages back from a message (stable while new ones arrive);
 * `afterId` answers the oldest `limit` after a message (catching up after a reconnect).
 */
export async function messagePage(db: Db, room: RoomRow, request: PageRequest): Promise<ChatPage> {
  const { limit } = request;
  const { total } = await db
    .selectFrom('chat_message')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('room_id', '=', room.id)
    .executeTakeFirstOrThrow();
  let query = db.selectFrom('chat_message').select(MESSAGE_COLUMNS).where('room_id', '=', room.id).limit(limit + 1);
  let rows: MessageRow[];
  if (request.afterId !== undefined) {
    rows = await query.where('id', '>', request.afterId).orderBy('id', 'asc').execute();
  } else {
    if (request.beforeId !== undefined) query = query.where('id', '<', request.beforeId);
    else query = query.offset((request.page - 1) * limit);
    rows = (await query.orderBy('id', 'desc').execute()).reverse();
  }
  const hasMore = rows.length > limit;
  // The extra row only tells whether there are more: the oldest one when paging back, the newest when catching up.
  const list = hasMore ? (request.afterId !== undefined ? rows.slice(0, limit) : rows.slice(1)) : rows;
  return { list: list.map((row) => toWireMessage(row, room)), total: Number(total), page: request.page, limit, has_more: hasMore };
}

/**
 * Marks the reader's unread messages of the room read (or only those of `ids`, when given, that
 * are addressed to the reader); the ids that changed, ascending. One statement, so two tabs
 * reading at once report each message once.
 */
export async function markRead(db: Db, room: RoomRow, readerId: number, ids?: readonly number[]): Promise<number[]> {
  if (ids !== undefined && ids.length === 0) return [];
  let query = db
    .updateTable('chat_message')
    .set({ is_read: 1 })
    .where('room_id', '=', room.id)
    .where('to_user_id', '=', readerId)
    .where('is_read', '=', 0);
  if (ids !== undefined) query = query.where('id', 'in', [...ids]);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
