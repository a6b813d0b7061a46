/**
 * The chat's socket messages (server manifest `socket`): `single` stores a text message and then
 * tells both parties; `read_msg` marks messages read and tells the sender (read receipts).
 * Every user of a connection may only write to and read in rooms they are a party of.
 */
import type { SocketContext, SocketHandler } from '@kernel/server/plugin';
import type { ReadMsgMessage, SingleMessage } from './contract';
import { readReadMsg, readSingle } from './frames';
import { markRead, storeMessage } from './messages';
import { partyRoom } from './rooms';
import { peerOf, wireIdIn } from './wire';

/** To every connection of the user (their other tabs too); to this connection when the hub has none. */
function toSelf(ctx: SocketContext, message: SingleMessage | ReadMsgMessage): void {
  if (ctx.services.hub.send(ctx.user.id, message) === 0) ctx.send(message);
}

/**
 * Stored first, then acknowledged: the sender's connections get the stored message with their
 * `cid` (the tab that sent it settles its pending copy; other tabs append it), the peer's get it
 * without. A peer who is offline reads it later through getRoom/getChat.
 */
const single: SocketHandler = async (frame, ctx) => {
  const request = readSingle(frame);
  const now = ctx.services.clock.nowSeconds();
  const { message, room } = await storeMessage(ctx.db, { roomId: request.roomId, senderId: ctx.user.id, text: request.text, now });
  const delivered: SingleMessage = { ...message, type: 'single' };
  toSelf(ctx, request.cid !== undefined ? { ...delivered, cid: request.cid } : delivered);
  ctx.services.hub.send(peerOf(room, ctx.user.id), delivered);
};

/** The reader always hears back (ids may be empty); the sender only when something was newly read. */
const readMsg: SocketHandler = async (frame, ctx) => {
  const request = readReadMsg(frame);
  const room = await partyRoom(ctx.db, request.roomId, ctx.user.id);
  const ids = await markRead(ctx.db, room, ctx.user.id, request.ids);
  const receipt: ReadMsgMessage = { type: 'read_msg', room_id: room.id, ids, reader: wireIdIn(room, ctx.user.id) };
  if (ids.length > 0) ctx.services.hub.send(peerOf(room, ctx.user.id), receipt);
  toSelf(ctx, receipt);
};

export const chatSocket: Record<string, SocketHandler> = { single, read_msg: readMsg };
