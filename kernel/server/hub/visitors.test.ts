/**
 * Visitors' read-only connections (`?public=1`, no token) against the real app with real
 * WebSocket clients: they get what the hub broadcasts and nothing sent to a user, may ping and
 * nothing else, are capped per IP, and count as nobody online.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_TOO_MANY, CLOSE_UNAUTHORISED, type SocketMessage } from '../../core/socket';
import { openTestSocket, type TestSocket } from '../test-socket';
import { createTestServer, within, type TestServer, type TestUser } from '../testing';
import { eventually } from '../test-wait';
import { SOCKET_RATE } from './budget';
import { CLOSE_GOING_AWAY, createHub, MAX_VISITORS_PER_IP, type VisitorConnection } from './hub';

const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);
let t: TestServer;
let ann: TestUser;
const opened = new Set<TestSocket>();

beforeAll(async () => {
  t = await createTestServer({ plugins: [], now: NOW });
  ann = await t.createUser({ username: 'ann' });
});
afterEach(async () => {
  await Promise.all([...opened].map((socket) => (socket.raw.terminate(), socket.closed)));
  opened.clear();
  await eventually(() => t.app.storefront.hub.visitors() === 0, 'the hub forgets the visitors');
  await t.closeSockets();
});
afterAll(() => t.close());

/** A visitor's connection, once the hub holds it (or has closed it: `accepted` false). */
async function visitor(query = 'public=1') {
  const hub = t.app.storefront.hub;
  const before = hub.visitors();
  const socket = await openTestSocket(`${await t.socketUrl()}?${query}`);
  opened.add(socket);
  let closed = false;
  void socket.closed.then(() => (closed = true));
  await eventually(() => closed || hub.visitors() > before, 'the hub accepts or closes the visitor');
  return socket;
}

const sale: SocketMessage = { type: 'seckill', event: 'buy', seckill_id: 1, goods_id: 3, buy_num: 1, item_id: 5, left: 9 };

describe('a visitor (?public=1, no token)', () => {
  it('receives broadcasts, as a logged-in user does', async () => {
    const guest = await visitor();
    const user = await t.socket(ann);
    expect(t.services.hub.broadcast(sale)).toBe(2);
    expect(await guest.next('seckill')).toEqual(sale);
    expect(await user.next('seckill')).toEqual(sale);
  });

  it("never receives what is sent to a user, and is nobody online", async () => {
    const guest = await visitor();
    await t.socket(ann);
    expect(t.services.hub.online()).toEqual([ann.id]);
    expect(t.services.hub.send(ann.id, { type: 'single', content: 'hi' })).toBe(1);
    await guest.roundTrip();
    expect(guest.messages.map((m) => m.type)).toEqual(['pong']);
  });

  it('is answered a pong with the server time', async () => {
    const guest = await visitor();
    guest.send({ type: 'ping' });
    expect(await guest.next('pong')).toEqual({ type: 'pong', time: NOW / 1000 });
  });

  it("has every other frame refused in its language, and stays connected", async () => {
    const guest = await visitor('public=1&lang=en');
    guest.send({ type: 'single', cid: 'c1', to_user_id: ann.id, content: 'hi' });
    expect(await guest.next('error')).toEqual({ type: 'error', of: 'single', cid: 'c1', msg: 'Please log in first' });
    guest.send('not json');
    expect(await guest.next('error')).toEqual({ type: 'error', of: '', msg: 'Parameter error' });
    expect(t.services.hub.broadcast(sale)).toBe(1);
    expect(await guest.next('seckill')).toEqual(sale);
  });

  it('is refused without `public=1`, and a token wins over it (the connection is the user’s)', async () => {
    const bare = await openTestSocket(await t.socketUrl());
    opened.add(bare);
    expect((await within(bare.closed, 5000, 'closed')).code).toBe(CLOSE_UNAUTHORISED);
    const wrong = await visitor('public=1&token=not-a-token');
    expect((await within(wrong.closed, 5000, 'closed')).code).toBe(CLOSE_UNAUTHORISED);

    const user = await t.socket(ann);
    const both = await openTestSocket(`${await t.socketUrl()}?public=1&token=${ann.token}`);
    opened.add(both);
    await eventually(() => t.app.storefront.hub.connections(ann.id) === 2, 'the hub accepts it as ann’s');
    expect(t.services.hub.send(ann.id, { type: 'notice' })).toBe(2);
    expect(await both.next('notice')).toEqual({ type: 'notice' });
    expect(await user.next('notice')).toEqual({ type: 'notice' });
  });

  it(`is capped at ${MAX_VISITORS_PER_IP} per IP: the next is closed as too many, and a free place lets one in`, async () => {
    const guests: TestSocket[] = [];
    for (let i = 0; i < MAX_VISITORS_PER_IP; i++) guests.push(await visitor());
    expect(t.app.storefront.hub.visitors()).toBe(MAX_VISITORS_PER_IP);
    const extra = await visitor();
    expect(await within(extra.closed, 5000, 'the extra visitor closes')).toEqual({ code: CLOSE_TOO_MANY, reason: 'too many connections' });
    // A logged-in user from the same IP is not a visitor: still welcome.
    const user = await t.socket(ann);
    expect(t.services.hub.broadcast(sale)).toBe(MAX_VISITORS_PER_IP + 1);
    expect(await user.next('seckill')).toEqual(sale);

    await guests[0].close();
    await eventually(() => t.app.storefront.hub.visitors() === MAX_VISITORS_PER_IP - 1, 'the hub forgets the closed visitor');
    const again = await visitor();
    again.send({ type: 'ping' });
    expect(await again.next('pong')).toMatchObject({ type: 'pong' });
  });

  it(`shares ${SOCKET_RATE.messages} frames a second with the other visitors of its IP`, async () => {
    // The earlier tests' frames came from this IP too: start on a fresh window.
    await eventually(() => t.app.storefront.hub.visitorBudget('127.0.0.1').idle(), "the IP's budget is idle");
    const [one, two] = [await visitor(), await visitor()];
    const half = SOCKET_RATE.messages / 2;
    for (let i = 0; i < half + 1; i++) one.send({ type: 'ping' });
    for (let i = 0; i < half + 1; i++) two.send({ type: 'ping' });
    const replies = await Promise.all([...Array.from({ length: half + 1 }, () => one.next()), ...Array.from({ length: half + 1 }, () => two.next())]);
    expect(replies.filter((m) => m.type === 'pong')).toHaveLength(SOCKET_RATE.messages);
    expect(replies.filter((m) => m.type === 'error')).toEqual([{ type: 'error', of: 'ping', msg: '发送过于频繁，请稍后再试' }, { type: 'error', of: 'ping', msg: '发送过于频繁，请稍后再试' }]);
  });

  it('is closed when the app closes', async () => {
    const other = await createTestServer({ plugins: [] });
    const guest = await openTestSocket(`${await other.socketUrl()}?public=1`);
    await eventually(() => other.app.storefront.hub.visitors() === 1, 'the hub accepts the visitor');
    const closing = other.close();
    expect((await within(guest.closed, 5000, 'the visitor closes')).code).toBe(1001);
    await closing;
  });
});

describe("the hub's caps on visitors", () => {
  const fake = () => {
    const closedWith: number[] = [];
    const connection: VisitorConnection = { send: () => true, sendMany: () => true, close: async (code) => void closedWith.push(code) };
    return Object.assign(connection, { closedWith });
  };

  it('counts per IP and in all, and a visitor that leaves frees its place', () => {
    const hub = createHub({ visitorsPerIp: 2, visitors: 3 });
    const forget = hub.addVisitor(fake(), '10.0.0.1');
    expect(forget).not.toBeNull();
    expect(hub.addVisitor(fake(), '10.0.0.1')).not.toBeNull();
    expect(hub.addVisitor(fake(), '10.0.0.1')).toBeNull();
    expect(hub.addVisitor(fake(), '10.0.0.2')).not.toBeNull();
    expect(hub.addVisitor(fake(), '10.0.0.3')).toBeNull();
    forget!();
    forget!();
    expect(hub.visitors()).toBe(2);
    expect(hub.addVisitor(fake(), '10.0.0.3')).not.toBeNull();
    expect(hub.addVisitor(fake(), '10.0.0.1')).toBeNull();
  });

  it('closes them with the app, and takes none while closing', async () => {
    const hub = createHub();
    const guest = fake();
    hub.addVisitor(guest, '10.0.0.1');
    await hub.close();
    expect(guest.closedWith).toEqual([CLOSE_GOING_AWAY]);
    expect(hub.visitors()).toBe(0);
    expect(hub.addVisitor(fake(), '10.0.0.1')).toBeNull();
  });
});
