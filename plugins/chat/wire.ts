/**
 * Rows to wire shapes. A user's wire id follows their side of the room: the room's shopper is
 * `user_<id>`, its staff member `admin_<id>` (a staff account asking for service is a shopper there).
 */
import { wireId } from '@kernel/core/socket';
import type { ChatMessage, ChatPeer } from './contract';

export interface RoomParties {
  user_id: number;
  staff_id: number;
}

export interface MessageRow {
  id: number;
  room_id: number;
  from_user_id: number;
  to_user_id: number;
  msg: string;
  createtime: number | string;
  is_read: number;
}

export const isParty = (room: RoomParties, userId: number): boolean => room.user_id === userId || room.staff_id === userId;

/** The other side of the room from `userId` (a party). */
export const peerOf = (room: RoomParties, userId: number): number => (room.user_id === userId ? room.staff_id : room.user_id);

export const wireIdIn = (room: RoomParties, userId: number): string => wireId(userId, userId === room.staff_id);

export function toWireMessage(row: MessageRow, room: RoomParties): ChatMessage {
  return {
    id: row.id,
    room_id: row.room_id,
    from_user_id: wireIdIn(room, row.from_user_id),
    to_user_id: wireIdIn(room, row.to_user_id),
    msg: row.msg,
    // PostgreSQL answers bigint columns as strings.
    createtime: Number(row.createtime),
    is_read: row.is_read === 1 ? 1 : 0,
    type: 'text',
  };
}

export function toPeer(user: { id: number; nickname: string; avatar: string }, isStaff: boolean, online: boolean): ChatPeer {
  return { id: wireId(user.id, isStaff), is_admin: isStaff ? 1 : 0, nickname: user.nickname, avatar: user.avatar, online };
}
