/**
 * What a chat frame asks, checked (pure). Only the fields named here are read: a `from_user_id`
 * or `to_user_id` in a frame is ignored, the sender is the connection's user.
 */
import { BizError } from '@kernel/core/errors';
import type { SocketMessage } from '@kernel/core/socket';
import { hasControlCharacters } from '@kernel/core/validators';
import { MSG_MAX } from './contract';

/** At most this many ids in one read receipt (a frame's worth). */
export const READ_IDS_MAX = 500;

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

function roomOf(frame: SocketMessage): number {
  const room = positiveInt(frame.room_id);
  if (room === null) throw new BizError('chat:message.room_not_found', { room: String(frame.room_id ?? '').slice(0, 20) });
  return room;
}

export interface SingleRequest {
  roomId: number;
  /** Trimmed, 1–MSG_MAX characters. */
  text: string;
  cid?: string;
}

export function readSingle(frame: SocketMessage): SingleRequest {
  const roomId = roomOf(frame);
  if (typeof frame.msg !== 'string' || frame.msg.trim() === '') throw new BizError('chat:message.msg_empty');
  const text = frame.msg.trim();
  // Characters as people count them: an emoji is one, not two UTF-16 units.
  if ([...text].length > MSG_MAX) throw new BizError('chat:message.msg_too_long', { max: MSG_MAX });
  // Several lines are fine; a NUL or another control character no one typed is not (PostgreSQL refuses NUL).
  if (hasControlCharacters(text, { multiline: true })) throw new BizError('kernel:payload.control');
  return { roomId, text, ...(typeof frame.cid === 'string' ? { cid: frame.cid } : {}) };
}

export interface ReadRequest {
  roomId: number;
  /** Only these (those addressed to the reader); every unread one when left out. */
  ids?: number[];
}

export function readReadMsg(frame: SocketMessage): ReadRequest {
  const roomId = roomOf(frame);
  if (frame.ids === undefined || frame.ids === null) return { roomId };
  if (!Array.isArray(frame.ids) || frame.ids.length > READ_IDS_MAX) throw new BizError('kernel:message.parameter_error');
  const ids = frame.ids.map(positiveInt);
  if (ids.some((id) => id === null)) throw new BizError('kernel:message.parameter_error');
  return { roomId, ids: [...new Set(ids as number[])] };
}
