/**
 * Issue #11, server side, with real WebSocket clients against the real app: presence reaches the
 * users who share a room as it happens — the staff member connecting and disconnecting reaches the
 * shopper's socket, the shopper's reaches the desk — and the calls say who is online now.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceMessage } from '@kernel/core/socket';
import { eventually, type TestServer, type TestSocket, type TestUser } from '@kernel/server/testing';
import { chatServer, openRoom, roomsOf, shopper, staff } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await chatServer();
});
afterEach(() => t.closeSockets());
afterAll(() => t.close());

const presenceOf = (socket: TestSocket) => socket.messages.filter((m): m is PresenceMessage => m.type === 'presence');

/** A shopper with a room with a staff member of their own (so other tests' staff do not interfere). */
async function pair(): Promise<{ ann: TestUser; desk: TestUser }> {
  const desk = await staff(t, '客服小优');
  const ann = await shopper(t, 'Ann');
  // The shopper talked to this staff member before: getServicePeaple keeps them together.
  const now = Math.floor(t.clock.now() / 1000);
  await t.db.insertInto('chat_room').values({ user_id: ann.id, staff_id: desk.id, last_msg: '', last_msg_id: null, updatetime: now, created_at: now }).execute();
  return { ann, desk };
}

describe('presence pushes', () => {
  it("tells the shopper's socket when the staff member connects and when they leave", async () => {
    const { ann, desk } = await pair();
    const annSocket = await t.socket(ann);
    const deskSocket = await t.socket(desk);
    expect(await annSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: desk.id, online: true });
    await deskSocket.close();
    expect(await annSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: desk.id, online: false });
  });

  it('tells the desk when the shopper arrives and leaves', async () => {
    const { ann, desk } = await pair();
    const deskSocket = await t.socket(desk);
    const annSocket = await t.socket(ann);
    expect(await deskSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: ann.id, online: true });
    await annSocket.close();
    expect(await deskSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: ann.id, online: false });
  });

  it('counts a staff member with two tabs online until the last one closes', async () => {
    const { ann, desk } = await pair();
    const annSocket = await t.socket(ann);
    const firstTab = await t.socket(desk);
    await annSocket.next('presence');
    const secondTab = await t.socket(desk);
    // The presence handlers run on each change the hub announces, which it does as it forgets a tab.
    const announced: boolean[] = [];
    const stop = t.app.storefront.hub.onPresence((userId, online) => {
      if (userId === desk.id) announced.push(online);
    });
    try {
      await firstTab.close();
      await eventually(() => t.app.storefront.hub.connections(desk.id) === 1, 'the hub forgets the first tab');
      expect(announced).toEqual([]);
      // So no push was started, and what was written to ann before comes before her pong.
      await annSocket.roundTrip();
      expect(presenceOf(annSocket)).toEqual([{ type: 'presence', user_id: desk.id, online: true }]);
      await secondTab.close();
      expect(await annSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: desk.id, online: false });
      expect(announced).toEqual([false]);
    } finally {
      stop();
    }
  });

  it('tells nobody who shares no room with them', async () => {
    const { ann, desk } = await pair();
    const stranger = await shopper(t, 'Cat');
    const strangerSocket = await t.socket(stranger);
    const annSocket = await t.socket(ann);
    await t.socket(desk);
    expect(await annSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: desk.id, online: true });
    // The push to ann went out in the same step as any to the stranger, so that one would come before the pong.
    await strangerSocket.roundTrip();
    expect(presenceOf(strangerSocket)).toEqual([]);
  });

  it('stops while the chat plugin is switched off', async () => {
    const { ann, desk } = await pair();
    const annSocket = await t.socket(ann);
    await t.setPlugins({ chat: false });
    try {
      await t.socket(desk);
      // The hub announced the desk as it accepted the socket (t.socket waits for that); a push is a query ahead of the pong.
      await annSocket.roundTrip();
      expect(presenceOf(annSocket)).toEqual([]);
    } finally {
      await t.setPlugins({ chat: true });
    }
  });
});

describe('presence in the calls', () => {
  it('getServicePeaple and getRoom say who is connected now', async () => {
    const { ann, desk } = await pair();
    expect((await openRoom(t, ann)).staff.online).toBe(false);
    const deskSocket = await t.socket(desk);
    await t.socket(ann);
    const service = await openRoom(t, ann);
    expect(service).toMatchObject({ online: true, staff: { online: true }, room: { peaple2: { online: true } } });
    const [deskRoom] = await roomsOf(t, desk);
    expect(deskRoom.peaple1).toMatchObject({ id: `user_${ann.id}`, online: true });
    await deskSocket.close();
    await eventually(() => !t.services.hub.isOnline(desk.id), 'the hub forgets the desk');
    expect((await openRoom(t, ann)).online).toBe(false);
  });
});
