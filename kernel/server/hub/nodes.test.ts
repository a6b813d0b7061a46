/**
 * Two API nodes in one process on one PostgreSQL schema (issue #14), with real WebSocket clients:
 * a push or a broadcast made on node A reaches a socket held by node B, A knows who is connected
 * to B, a session ended on A closes its socket on B, and B's users go offline on A once B has
 * been silent for the timeout. (plugins/chat/nodes.server.test.ts chats across the two.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED } from '../../core/socket';
import { testPostgresUrl } from '../test-database';
import { openTestSocket } from '../test-socket';
import { createTestServer, within, type TestServer } from '../testing';
import { eventually } from '../test-wait';

const CLUSTER = { heartbeatMs: 200, timeoutMs: 1000 };

describe.skipIf(!testPostgresUrl())('two API nodes on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await createTestServer({ plugins: [], cluster: CLUSTER });
    b = await a.anotherNode();
  });
  afterEach(async () => {
    await a.closeSockets();
    await b.closeSockets();
  });
  afterAll(() => a?.close());

  /** A user with a socket on node B, known to node A. */
  async function onB() {
    const user = await a.createUser();
    const socket = await b.socket(user);
    await eventually(() => a.services.hub.isOnline(user.id), 'node A sees the user connected to node B');
    return { user, socket };
  }

  it('delivers a push made on node A to the socket node B holds (A delivered none itself)', async () => {
    const { user, socket } = await onB();
    expect(a.services.hub.send(user.id, { type: 'seckill', event: 'start', seckill_id: 7, goods_id: 3, buy_num: 0 })).toBe(0);
    expect(await socket.next('seckill')).toEqual({ type: 'seckill', event: 'start', seckill_id: 7, goods_id: 3, buy_num: 0 });
  });

  it('broadcasts from node A to sockets on both nodes', async () => {
    const { socket: there } = await onB();
    const here = await a.socket(await a.createUser());
    expect(a.services.hub.broadcast({ type: 'notice', text: 'sale' })).toBe(1);
    expect(await here.next('notice')).toEqual({ type: 'notice', text: 'sale' });
    expect(await there.next('notice')).toEqual({ type: 'notice', text: 'sale' });
  });

  it("broadcasts from node A to a visitor's read-only connection on node B", async () => {
    const guest = await openTestSocket(`${await b.socketUrl()}?public=1`);
    try {
      await eventually(() => b.app.storefront.hub.visitors() === 1, 'node B accepts the visitor');
      const sale = { type: 'seckill', event: 'buy', seckill_id: 1, goods_id: 3, buy_num: 1, item_id: 5, left: 9 };
      expect(a.services.hub.broadcast(sale)).toBe(0);
      expect(await guest.next('seckill')).toEqual(sale);
    } finally {
      guest.raw.terminate();
      await guest.closed;
    }
  });

    it('answers isOnline and online on node A for a user connected to node B only', async () => {
    const { user, socket } = await onB();
    expect(a.services.hub.online()).toContain(user.id);
    await socket.close();
    await eventually(() => !a.services.hub.isOnline(user.id), 'node A sees the user leave node B');
  });

  it('closes the socket on node B when its session ends on node A (a logout)', async () => {
    const { user, socket } = await onB();
    await a.services.tokens.revoke(user.refreshToken);
    expect((await within(socket.closed, 5000, 'the socket on node B closes')).code).toBe(CLOSE_SESSION_ENDED);
  });

  it('disconnects a user on node B from node A', async () => {
    const { user, socket } = await onB();
    expect(a.services.hub.disconnect(user.id, 4000)).toBe(0);
    expect((await within(socket.closed, 5000, 'the socket on node B closes')).code).toBe(4000);
  });

  it('makes the users of a node that closed offline on the other once it has been silent for the timeout', async () => {
    const c = await a.anotherNode();
    const user = await a.createUser();
    await c.socket(user);
    await eventually(() => a.services.hub.isOnline(user.id), 'node A sees the user on node C');
    const closedAt = Date.now();
    // The app closes as in a shutdown: the hub closes the sockets and tells no one.
    await c.app.close();
    // Still online for a while: a client whose node went away reconnects to another meanwhile.
    expect(a.services.hub.isOnline(user.id)).toBe(true);
    await eventually(() => !a.services.hub.isOnline(user.id), 'node A drops node C', 5000);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(CLUSTER.timeoutMs - CLUSTER.heartbeatMs);
  });
});
