/**
 * Limits per user, not per socket: every connection of a user draws on one message budget, and
 * past MAX_SOCKETS_PER_USER connections the oldest is closed as replaced (the browser does not
 * fight back), so opening more sockets buys no more messages.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_REPLACED, type SocketMessage } from '../../core/socket';
import { createTestServer, within, type TestServer, type TestSocket, type TestUser } from '../testing';
import { SOCKET_RATE } from './budget';
import { MAX_SOCKETS_PER_USER } from './hub';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterEach(() => t.closeSockets());
afterAll(() => t.close());

const ping = (user: TestUser): SocketMessage => ({ type: 'ping', uid: `user_${user.id}`, user_id: user.id });
const openSockets = (user: TestUser, count: number) => Promise.all(Array.from({ length: count }, () => t.socket(user)));
/** Every reply to the frames sent, in the end: pongs for those within the budget, errors for the rest. */
const replies = (socket: TestSocket, count: number) => Promise.all(Array.from({ length: count }, () => socket.next()));

describe('the message budget', () => {
  it(`is shared by ten sockets of one user: ${SOCKET_RATE.messages} a second across them all`, async () => {
    const ann = await t.createUser();
    const sockets = await openSockets(ann, 10);
    const perSocket = 4;
    for (const socket of sockets) for (let i = 0; i < perSocket; i++) socket.send(ping(ann));
    const all = (await Promise.all(sockets.map((socket) => replies(socket, perSocket)))).flat();
    expect(all.filter((m) => m.type === 'pong')).toHaveLength(SOCKET_RATE.messages);
    expect(all.filter((m) => m.type === 'error')).toHaveLength(10 * perSocket - SOCKET_RATE.messages);
    expect(all.find((m) => m.type === 'error')).toEqual({ type: 'error', of: 'ping', msg: '发送过于频繁，请稍后再试' });
  });

  it("is not drawn on by another user's messages", async () => {
    const [bob, cat] = [await t.createUser(), await t.createUser()];
    const bobSocket = await t.socket(bob);
    const catSocket = await t.socket(cat);
    for (let i = 0; i < SOCKET_RATE.messages; i++) bobSocket.send(ping(bob));
    expect((await replies(bobSocket, SOCKET_RATE.messages)).every((m) => m.type === 'pong')).toBe(true);
    catSocket.send(ping(cat));
    expect(await catSocket.next()).toMatchObject({ type: 'pong' });
  });

  it('is not reset by reconnecting', async () => {
    const dan = await t.createUser();
    const first = await t.socket(dan);
    for (let i = 0; i < SOCKET_RATE.messages; i++) first.send(ping(dan));
    await replies(first, SOCKET_RATE.messages);
    await first.close();
    const again = await t.socket(dan);
    again.send(ping(dan));
    expect(await again.next()).toMatchObject({ type: 'error', of: 'ping' });
  });
});

describe('the socket cap', () => {
  it(`closes the oldest of ${MAX_SOCKETS_PER_USER + 1} sockets as replaced, and keeps the newest ${MAX_SOCKETS_PER_USER}`, async () => {
    const eve = await t.createUser();
    // Opened one after another, so which is oldest is certain (sockets opened at once are
    // accepted in the order their token checks finish, which on PostgreSQL is any order).
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) sockets.push(await t.socket(eve));
    const newest = await t.socket(eve);
    const closed = await within(sockets[0].closed, 5000, 'the oldest socket closes');
    expect(closed).toEqual({ code: CLOSE_REPLACED, reason: 'too many connections' });
    expect(t.services.hub.send(eve.id, { type: 'notice' })).toBe(MAX_SOCKETS_PER_USER);
    for (const socket of [...sockets.slice(1), newest]) expect(await socket.next('notice')).toEqual({ type: 'notice' });
  });

  it("counts each user's sockets apart", async () => {
    const [fay, gus] = [await t.createUser(), await t.createUser()];
    await openSockets(fay, MAX_SOCKETS_PER_USER);
    const gusSocket = await t.socket(gus);
    expect(t.services.hub.send(fay.id, { type: 'notice' })).toBe(MAX_SOCKETS_PER_USER);
    expect(t.services.hub.send(gus.id, { type: 'notice' })).toBe(1);
    expect(await gusSocket.next('notice')).toEqual({ type: 'notice' });
  });
});
