/**
 * Set-up for the chat plugin's server tests: the real app with the chat plugin, shoppers and
 * staff accounts, rooms opened through getServicePeaple, and messages sent over real sockets.
 */
import { expect } from 'vitest';
import { createTestServer, type TestServer, type TestSocket, type TestUser } from '@kernel/server/testing';
import { chatContract, type ChatPage, type ChatRoom, type ServiceRoom, type SingleMessage } from './contract';

/** 10:00 on 2 March 2026 in Shanghai. */
export const START = new Date('2026-03-02T02:00:00Z');

export function chatServer(): Promise<TestServer> {
  return createTestServer({ plugins: ['chat'], now: START });
}

let counter = 0;
const name = (prefix: string) => `${prefix}${++counter}x${Date.now() % 10000}`;

export const shopper = (t: TestServer, nickname?: string): Promise<TestUser> => t.createUser({ username: name('shop'), nickname });
export const staff = (t: TestServer, nickname?: string): Promise<TestUser> => t.createUser({ username: name('staff'), nickname, isStaff: true });

/** The reply's data, or a failure naming the call and its refusal. */
async function data<T>(reply: Promise<{ status: number; body: { code: number; msg: string; data: T } }>, what: string): Promise<T> {
  const { status, body } = await reply;
  if (status !== 200 || body.code !== 1) throw new Error(`${what}: HTTP ${status}, code ${body.code}, ${body.msg}`);
  return body.data;
}

/** getServicePeaple as the shopper: their room with the assigned staff member. */
export const openRoom = (t: TestServer, user: TestUser): Promise<ServiceRoom> =>
  data(t.call(chatContract.getServicePeaple, {}, { token: user.token }), 'getServicePeaple');

export const roomsOf = (t: TestServer, user: TestUser): Promise<ChatRoom[]> =>
  data(t.call(chatContract.getRoom, { user_id: user.id }, { token: user.token }), 'getRoom');

export const history = (t: TestServer, user: TestUser, roomId: number, extra: { page?: number; limit?: number; after_id?: number; before_id?: number } = {}): Promise<ChatPage> =>
  data(t.call(chatContract.getChat, { room_id: roomId, ...extra }, { token: user.token }), 'getChat');

/** The caller's unread count in the room, as getRoom answers it. */
export async function unread(t: TestServer, user: TestUser, roomId: number): Promise<number> {
  const room = (await roomsOf(t, user)).find((r) => r.id === roomId);
  if (!room) throw new Error(`room ${roomId} is not in the room list of user ${user.id}`);
  return room.no_read;
}

/**
 * Sends a text over the socket and takes its acknowledgement (the stored message with the cid):
 * the socket's next `single`, so take what the peer sent it first.
 */
export async function say(socket: TestSocket, roomId: number, msg: string, cid = `c${++counter}`): Promise<SingleMessage> {
  socket.send({ type: 'single', room_id: roomId, msg, cid });
  const ack = await socket.next<SingleMessage>('single');
  expect(ack.cid).toBe(cid);
  return ack;
}
