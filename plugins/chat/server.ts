/**
 * The chat plugin on the server: rooms between a shopper and a staff member, their messages over
 * the kernel's hub (`single`, `read_msg`, `presence` pushes), the calls of spec §7, operator reports
 * and invariants.
 */
import { defineServerPlugin } from '@kernel/server/plugin';
import { chatContract } from './contract';
import { chatInvariants } from './invariants';
import { messagePage } from './messages';
import { chat001Init } from './migrations/chat_001_init';
import { chatCommands } from './operator';
import { partyRoom, roomOf, roomsOf, serviceRoom } from './rooms';
import { chatPresence } from './presence';
import { chatSocket } from './socket';
import descriptor from './plugin';


export default defineServerPlugin(descriptor, {
  migrations: [chat001Init],
  routes(api) {
    api.handle(chatContract.getServicePeaple, (_p, ctx) => serviceRoom(ctx.db, ctx.services, ctx.requireUser().id, ctx.services.clock.nowSeconds()));
    api.handle(chatContract.getTheRoom, (p, ctx) => roomOf(ctx.db, ctx.services.hub.isOnline, ctx.requireUser().id, p.room_id));
    api.handle(chatContract.getRoom, (_p, ctx) => roomsOf(ctx.db, ctx.services.hub.isOnline, ctx.requireUser().id));
    api.handle(chatContract.getChat, async (p, ctx) => {
      const room = await partyRoom(ctx.db, p.room_id, ctx.requireUser().id);
      return messagePage(ctx.db, room, { page: p.page, limit: p.limit, afterId: p.after_id, beforeId: p.before_id });
    });
  },
  socket: chatSocket,
  presence: chatPresence,
  commands: chatCommands,
  invariants: chatInvariants,
});
