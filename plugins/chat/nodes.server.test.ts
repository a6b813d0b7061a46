/**
 * Issue #14's chat proof, in one process: two API nodes on one PostgreSQL schema, the shopper's
 * socket on node A and the staff member's on node B. Messages and read receipts cross both ways,
 * presence crosses once per change (not once per node), and a logout on node A closes the socket
 * node B holds. Skipped without STOREFRONT_TEST_DATABASE_URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED, type PresenceMessage } from '@kernel/core/socket';
import { testPostgresUrl } from '@kernel/server/test-database';
import { createTestServer, within, type TestServer, type TestSocket, type TestUser } from '@kernel/server/testing';
import { authContract } from '@plugins/auth/contract';
import type { ReadMsgMessage, SingleMessage } from './contract';
import { openRoom, say, shopper, staff, START } from './testing';
import { eventually } from '@kernel/server/test-wait';

const presenceOf = (socket: TestSocket) => socket.messages.filter((m): m is PresenceMessage => m.type === 'presence');

describe.skipIf(!testPostgresUrl())('chat across two API nodes', () => {
  let a: TestServer;
  let b: TestServer;
  let desk: TestUser;
  beforeAll(async () => {
    a = await createTestServer({ plugins: ['chat'], now: START });
    b = await a.anotherNode();
    desk = await staff(a, '客服小优');
  });
  afterEach(async () => {
    await a.closeSockets();
    await b.closeSockets();
  });
  afterAll(() => a?.close());

  /** A new shopper connected to node A, then the staff member to node B, each known to the other node. */
  async function talk() {
    const ann = await shopper(a, 'Ann');
    const { room } = await openRoom(a, ann);
    const annSocket = await a.socket(ann);
    await eventually(() => b.services.hub.isOnline(ann.id), 'node B sees the shopper on node A');
    const deskSocket = await b.socket(desk);
    await eventually(() => a.services.hub.isOnline(desk.id), 'node A sees the staff member on node B');
    return { ann, room, annSocket, deskSocket, who: { ann: `user_${ann.id}`, desk: `admin_${desk.id}` } };
  }

  it('carries messages both ways, with read receipts', async () => {
    const { room, annSocket, deskSocket, who } = await talk();

    const question = await say(annSocket, room.id, '你好，我的订单还没发货');
    const { cid: _cid, ...delivered } = question;
    expect(await deskSocket.next<SingleMessage>('single')).toEqual(delivered);
    expect(question).toMatchObject({ from_user_id: who.ann, to_user_id: who.desk });

    const answer = await say(deskSocket, room.id, '您好，马上为您查询');
    expect(await annSocket.next<SingleMessage>('single')).toMatchObject({ id: answer.id, msg: '您好，马上为您查询', from_user_id: who.desk });

    deskSocket.send({ type: 'read_msg', room_id: room.id });
    const deskRead: ReadMsgMessage = { type: 'read_msg', room_id: room.id, ids: [question.id], reader: who.desk };
    expect(await deskSocket.next('read_msg')).toEqual(deskRead);
    expect(await annSocket.next('read_msg')).toEqual(deskRead);

    annSocket.send({ type: 'read_msg', room_id: room.id });
    const annRead: ReadMsgMessage = { type: 'read_msg', room_id: room.id, ids: [answer.id], reader: who.ann };
    expect(await annSocket.next('read_msg')).toEqual(annRead);
    expect(await deskSocket.next('read_msg')).toEqual(annRead);
  });

  it('tells the shopper on node A once when the staff member on node B comes and goes', async () => {
    const { annSocket, deskSocket } = await talk();
    expect(await annSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: desk.id, online: true });
    // The presence handlers run on each change a node announces: from here on, every one of the desk's.
    const announced: string[] = [];
    const stops = [a, b].map((node, i) =>
      node.app.storefront.hub.onPresence((userId, online) => {
        if (userId === desk.id) announced.push(`${'AB'[i]}: ${online ? 'online' : 'offline'}`);
      }),
    );
    try {
      await deskSocket.close();
      expect(await annSocket.next<PresenceMessage>('presence')).toEqual({ type: 'presence', user_id: desk.id, online: false });
      // Node A decided on B's offline news before B's push, which came after it on the bus; B decided as it forgot the socket.
      expect(announced).toEqual(['B: offline']);
      // Pushes follow announcements only, and what node A wrote to ann's socket comes before her pong.
      await annSocket.roundTrip();
      expect(presenceOf(annSocket)).toHaveLength(2);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('closes the socket node B holds when the user logs out on node A', async () => {
    const bob = await shopper(a);
    const socket = await b.socket(bob);
    const { body } = await a.call(authContract.logout, { refresh_token: bob.refreshToken }, { token: bob.token });
    expect(body.code).toBe(1);
    expect((await within(socket.closed, 5000, 'the socket on node B closes')).code).toBe(CLOSE_SESSION_ENDED);
  });
});
