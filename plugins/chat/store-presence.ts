/**
 * Who is online (issue #11): the other party of each room, as the room replies say (their peers'
 * `online`) and as the hub's `presence` pushes change it, so the shopper's page header and the
 * desk show it live.
 */
import { parseWireId, type SocketMessage } from '@kernel/core/socket';
import type { ChatPeer, ChatRoom } from './contract';
import type { ChatState } from './store';

/** The peers' state the server answered with its rooms. */
export function notePresence(store: ChatState, rooms: readonly ChatRoom[]): void {
  for (const room of rooms) {
    for (const peer of [room.peaple1, room.peaple2]) {
      const id = parseWireId(peer?.id)?.id;
      if (id && typeof peer.online === 'boolean') store.online[id] = peer.online;
    }
  }
}

/** A `presence` push: `{ user_id, online }`; anything malformed is ignored. */
export function applyPresence(store: ChatState, frame: SocketMessage): void {
  const { user_id: userId, online } = frame;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0 || typeof online !== 'boolean') return;
  store.online[userId] = online;
}

/** Whether the peer is connected: the latest word the store has, else what the reply carrying the peer said. */
export function isOnline(store: Pick<ChatState, 'online'>, peer: ChatPeer): boolean {
  const id = parseWireId(peer.id)?.id;
  const known = id ? store.online[id] : undefined;
  return known ?? peer.online === true;
}
