/**
 * Who is who in a room, from the browser's side. Users are wire ids (`user_12`, `admin_3`); the
 * browser knows only its own numeric id (the stored user has no staff flag), so "mine" means the
 * wire id names the logged-in user, whichever side of the room they are on.
 */
import { parseWireId } from '@kernel/core/socket';
import type { ChatMessage, ChatPeer, ChatRoom } from './contract';

/** The wire id names this user (as a shopper or as staff). */
export const isUser = (wireId: string, userId: number): boolean => userId > 0 && parseWireId(wireId)?.id === userId;

export const isMine = (message: Pick<ChatMessage, 'from_user_id'>, userId: number): boolean => isUser(message.from_user_id, userId);

/** The user is the room's staff member (`peaple2`): the room belongs on their desk. */
export const servesIn = (room: ChatRoom, userId: number): boolean => isUser(room.peaple2.id, userId);

/** The other party of the room. */
export const peerIn = (room: ChatRoom, userId: number): ChatPeer => (servesIn(room, userId) ? room.peaple1 : room.peaple2);
