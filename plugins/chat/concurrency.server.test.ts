/**
 * Many messages at once from both sides (the shopper in two tabs, the staff member in one): each
 * is stored once, every connection hears each exactly once, the room's order is the same for
 * both parties and keeps each sender's order, unread counts are exact, the invariants hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestSocket, TestUser } from '@kernel/server/testing';
import type { ReadMsgMessage, SingleMessage } from './contract';
import { chatServer, history, openRoom, shopper, staff, unread } from './testing';

/** Under the hub's 20 frames a second per user: the shopper's two tabs share them (and then both read). */
const EACH = 8;

let t: TestServer;
let desk: TestUser;
beforeAll(async () => {
  t = await chatServer();
  desk = await staff(t);
});
afterAll(() => t.close());

/** Every `single` the socket has received, waiting until there are `count`. */
async function singles(socket: TestSocket, count: number): Promise<SingleMessage[]> {
  const list: SingleMessage[] = [];
  for (let i = 0; i < count; i += 1) list.push(await socket.next<SingleMessage>('single', 5000));
  return list;
}

async function allPages(user: TestUser, roomId: number) {
  const list = [];
  for (let page = 1; ; page += 1) {
    const reply = await history(t, user, roomId, { page, limit: 50 });
    list.unshift(...reply.list);
    if (!reply.has_more) return list;
  }
}

describe('a busy room', () => {
  it('stores every message once and in one order, however many come at once from both sides', async () => {
    const ann = await shopper(t);
    const { room } = await openRoom(t, ann);
    const [tabA, tabB, deskSocket] = [await t.socket(ann), await t.socket(ann), await t.socket(desk)];
    const senders = { a: tabA, b: tabB, d: deskSocket };

    for (let i = 0; i < EACH; i += 1) {
      for (const [name, socket] of Object.entries(senders)) socket.send({ type: 'single', room_id: room.id, msg: `${name}${i}`, cid: `${name}${i}` });
    }
    const total = EACH * 3;
    const heard = { a: await singles(tabA, total), b: await singles(tabB, total), d: await singles(deskSocket, total) };

    const stored = await t.db.selectFrom('chat_message').selectAll().where('room_id', '=', room.id).orderBy('id').execute();
    expect(stored).toHaveLength(total);
    expect(new Set(stored.map((m) => m.msg)).size).toBe(total);
    // Each sender's messages keep the order they were sent in.
    for (const name of Object.keys(senders)) {
      expect(stored.filter((m) => m.msg.startsWith(name)).map((m) => m.msg)).toEqual(Array.from({ length: EACH }, (_, i) => `${name}${i}`));
    }
    // Every connection heard every message exactly once; senders' own with their cid.
    for (const [name, list] of Object.entries(heard)) {
      expect(list.map((m) => m.id).sort((x, y) => x - y)).toEqual(stored.map((m) => m.id));
      const own = name === 'd' ? ['d'] : ['a', 'b'];
      for (const m of list) expect(m.cid === undefined).toBe(!own.includes(m.msg[0]));
    }
    // Both parties page through the same history, in the stored order.
    const ids = stored.map((m) => m.id);
    expect((await allPages(ann, room.id)).map((m) => m.id)).toEqual(ids);
    expect((await allPages(desk, room.id)).map((m) => m.id)).toEqual(ids);

    expect(await unread(t, desk, room.id)).toBe(EACH * 2);
    expect(await unread(t, ann, room.id)).toBe(EACH);
    const [latest] = await t.db.selectFrom('chat_room').select(['last_msg_id', 'last_msg']).where('id', '=', room.id).execute();
    expect(latest).toEqual({ last_msg_id: ids.at(-1), last_msg: stored.at(-1)?.msg });
    expect(await t.violations()).toEqual([]);

    // Both tabs read at once: each message is reported read once, to the desk too. Each tab hears
    // both answers (one with the ids, one with nothing left to read).
    tabA.send({ type: 'read_msg', room_id: room.id });
    tabB.send({ type: 'read_msg', room_id: room.id });
    for (const tab of [tabA, tabB]) {
      const answers = [await tab.next<ReadMsgMessage>('read_msg'), await tab.next<ReadMsgMessage>('read_msg')];
      expect(answers.map((r) => r.ids.length).sort((x, y) => x - y)).toEqual([0, EACH]);
    }
    const deskIds = stored.filter((m) => m.from_user_id === desk.id).map((m) => m.id);
    expect(await deskSocket.next<ReadMsgMessage>('read_msg')).toMatchObject({ ids: deskIds, reader: `user_${ann.id}` });
    // Both tabs have their answers, and `read_msg` tells the sender first: a second receipt would come before the desk's pong.
    await deskSocket.roundTrip();
    expect(deskSocket.messages.filter((m) => m.type === 'read_msg')).toHaveLength(1);
    expect(await unread(t, ann, room.id)).toBe(0);
  });
});
