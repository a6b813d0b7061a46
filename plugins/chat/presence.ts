/**
 * Live presence (issue #11): when a user's first connection opens or their last one closes, the
 * users who share a room with them hear it (`presence`), so the shopper sees the staff member
 * 在线 while they reply, and the desk sees which shoppers are there.
 */
import type { PresenceMessage } from '@kernel/core/socket';
import type { Db, PresenceHandler } from '@kernel/server/plugin';
import type {} from './tables';
import { peerOf } from './wire';

/** Everyone who shares a room with the user, on either side. */
export async function roomPeers(db: Db, userId: number): Promise<number[]> {
  const rooms = await db
    .selectFrom('chat_room')
    .select(['user_id', 'staff_id'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('staff_id', '=', userId)]))
    .execute();
  return [...new Set(rooms.map((room) => peerOf(room, userId)))];
}

/**
 * Pushes the user's state as the hub sees it when sending, not the change's flag: an online and
 * an offline change that overtake each other (both wait for the query) still leave it right.
 */
export const chatPresence: PresenceHandler = async ({ userId }, ctx) => {
  const { hub } = ctx.services;
  const peers = (await roomPeers(ctx.db, userId)).filter((peer) => hub.isOnline(peer));
  const message: PresenceMessage = { type: 'presence', user_id: userId, online: hub.isOnline(userId) };
  for (const peer of peers) hub.send(peer, message);
};
