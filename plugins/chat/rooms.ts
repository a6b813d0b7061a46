/**
 * Rooms as their parties see them: the list (newest first, the caller's unread counts), one room,
 * and the shopper's room with the staff member assigned to them. A room exists for its two
 * parties only: to anyone else it is "not found", whether it exists or not.
 */
import { BizError } from '@kernel/core/errors';
import type { Db, ServerServices } from '@kernel/server/plugin';
import { usersByIds } from '@kernel/server/services/user-records';
import type { ChatRoom, ServiceRoom } from './contract';
import { pickStaff, staffCandidates } from './staff';
import type {} from './tables';
import { isParty, toPeer, type RoomParties } from './wire';

export const ROOM_NOT_FOUND = 'chat:message.room_not_found';

/** The most rooms a list answers (newest first); an older room a message arrives in is fetched by id. */
export const ROOM_LIST_MAX = 200;

export interface RoomRow extends RoomParties {
  id: number;
}

/** The room when `userId` is one of its parties; otherwise "not found". */
export async function partyRoom(db: Db, roomId: number, userId: number): Promise<RoomRow> {
  const room = await db.selectFrom('chat_room').select(['id', 'user_id', 'staff_id']).where('id', '=', roomId).executeTakeFirst();
  if (!room || !isParty(room, userId)) throw new BizError(ROOM_NOT_FOUND, { room: roomId });
  return room;
}

/** Who is connected to the hub now (`services.hub.isOnline`). */
export type IsOnline = (userId: number) => boolean;

/** The caller's rooms (all, or the one `roomId`), newest message first, with their unread counts and who is online. */
export async function roomsOf(db: Db, isOnline: IsOnline, userId: number, roomId?: number): Promise<ChatRoom[]> {
  let query = db
    .selectFrom('chat_room as r')
    .select((eb) => [
      'r.id',
      'r.user_id',
      'r.staff_id',
      'r.last_msg',
      'r.last_msg_id',
      'r.updatetime',
      eb
        .selectFrom('chat_message as m')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('m.room_id', '=', 'r.id')
        .where('m.to_user_id', '=', userId)
        .where('m.is_read', '=', 0)
        .as('no_read'),
    ])
    .where((eb) => eb.or([eb('r.user_id', '=', userId), eb('r.staff_id', '=', userId)]))
    .orderBy('r.updatetime', 'desc')
    .orderBy('r.id', 'desc')
    .limit(ROOM_LIST_MAX);
  if (roomId !== undefined) query = query.where('r.id', '=', roomId);
  const rows = await query.execute();
  // The parties' names and pictures are the kernel's (server.ts hands this a db only, hence the plain read).
  const people = await usersByIds(db, rows.flatMap((row) => [row.user_id, row.staff_id]));
  return rows.flatMap((row) => {
    const shopper = people.get(row.user_id);
    const staff = people.get(row.staff_id);
    if (!shopper || !staff) return [];
    return [
      {
        id: row.id,
        last_msg: row.last_msg,
        last_msg_id: row.last_msg_id,
        // PostgreSQL answers bigint columns and counts as strings.
        updatetime: Number(row.updatetime),
        no_read: Number(row.no_read ?? 0),
        peaple1: toPeer({ id: row.user_id, nickname: shopper.nickname || shopper.username, avatar: shopper.avatar }, false, isOnline(row.user_id)),
        peaple2: toPeer({ id: row.staff_id, nickname: staff.nickname || staff.username, avatar: staff.avatar }, true, isOnline(row.staff_id)),
      },
    ];
  });
}

/** One room of the caller; "not found" to anyone else. */
export async function roomOf(db: Db, isOnline: IsOnline, userId: number, roomId: number): Promise<ChatRoom> {
  const [room] = await roomsOf(db, isOnline, userId, roomId);
  if (!room) throw new BizError(ROOM_NOT_FOUND, { room: roomId });
  return room;
}

/**
 * The shopper's room with the staff member `pickStaff` assigns, created on first contact. Two
 * requests racing meet at the unique (shopper, staff) index: both answer the same room.
 */
export async function serviceRoom(db: Db, services: ServerServices, shopperId: number, now: number): Promise<ServiceRoom> {
  const staffId = pickStaff(await staffCandidates(db, services, shopperId));
  if (staffId === null) throw new BizError('chat:message.no_service');
  const row = await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('chat_room')
      .values({ user_id: shopperId, staff_id: staffId, last_msg: '', last_msg_id: null, updatetime: now, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'staff_id']).doNothing())
      .execute();
    return tx.selectFrom('chat_room').select('id').where('user_id', '=', shopperId).where('staff_id', '=', staffId).executeTakeFirstOrThrow();
  });
  const room = await roomOf(db, services.hub.isOnline, shopperId, row.id);
  return { room, staff: room.peaple2, online: room.peaple2.online };
}
