/**
 * The chat calls of spec §7 against the real app: a room only for its two parties, the room list
 * with unread counts, history pages and catch-up after an id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { CHAT_PAGE_MAX, chatContract, type ChatMessage, type ServiceRoom } from './contract';
import { storeMessage } from './messages';
import { chatServer, history, openRoom, roomsOf, say, shopper, staff } from './testing';

let t: TestServer;
let desk: TestUser;
beforeAll(async () => {
  t = await chatServer();
  desk = await staff(t, '客服小优');
});
afterEach(() => t.closeSockets());
afterAll(() => t.close());

/** A shopper with a room and `count` messages they wrote into it (stored as the socket handler does): msg 1 … msg n, a second apart. */
async function roomWith(count: number): Promise<{ ann: TestUser; service: ServiceRoom; sent: ChatMessage[] }> {
  const ann = await shopper(t, 'Ann');
  const service = await openRoom(t, ann);
  const sent: ChatMessage[] = [];
  for (let i = 1; i <= count; i += 1) {
    t.clock.advance(1000);
    const { message } = await storeMessage(t.db, { roomId: service.room.id, senderId: ann.id, text: `msg ${i}`, now: nowSeconds() });
    sent.push(message);
  }
  return { ann, service, sent };
}

const nowSeconds = () => Math.floor(t.clock.now() / 1000);
const texts = (list: { msg: string }[]) => list.map((m) => m.msg);

describe('POST /api/Worker/getServicePeaple', () => {
  it("answers the shopper's room with the staff member, both named by wire id, and the same room again later", async () => {
    const ann = await shopper(t, 'Ann');
    const first = await openRoom(t, ann);
    expect(first).toEqual({
      room: {
        id: expect.any(Number),
        last_msg: '',
        last_msg_id: null,
        updatetime: nowSeconds(),
        no_read: 0,
        peaple1: { id: `user_${ann.id}`, is_admin: 0, nickname: 'Ann', avatar: '', online: false },
        peaple2: { id: `admin_${desk.id}`, is_admin: 1, nickname: '客服小优', avatar: '', online: false },
      },
      staff: { id: `admin_${desk.id}`, is_admin: 1, nickname: '客服小优', avatar: '', online: false },
      online: false,
    });
    expect((await openRoom(t, ann)).room.id).toBe(first.room.id);
    expect(await t.db.selectFrom('chat_room').select('id').where('user_id', '=', ann.id).execute()).toHaveLength(1);
  });

  it('says whether the staff member is connected now', async () => {
    const ann = await shopper(t);
    await t.socket(desk);
    expect((await openRoom(t, ann)).online).toBe(true);
  });

  it('answers 401 without a login', async () => {
    expect((await t.call(chatContract.getServicePeaple, {})).status).toBe(401);
  });
});

describe('POST /api/Worker/getRoom', () => {
  it("lists the caller's rooms, newest message first, with what the caller has not read", async () => {
    const ann = await shopper(t);
    const bob = await shopper(t);
    const annRoom = (await openRoom(t, ann)).room.id;
    const bobRoom = (await openRoom(t, bob)).room.id;
    const [annSocket, bobSocket] = [await t.socket(ann), await t.socket(bob)];
    t.clock.advance(1000);
    await say(annSocket, annRoom, 'ann 1');
    await say(annSocket, annRoom, 'ann 2');
    t.clock.advance(1000);
    const last = await say(bobSocket, bobRoom, 'bob 1');

    const deskRooms = (await roomsOf(t, desk)).filter((r) => r.id === annRoom || r.id === bobRoom);
    expect(deskRooms.map((r) => [r.id, r.last_msg, r.no_read])).toEqual([
      [bobRoom, 'bob 1', 1],
      [annRoom, 'ann 2', 2],
    ]);
    expect(deskRooms[0]).toMatchObject({ last_msg_id: last.id, updatetime: last.createtime, peaple1: { id: `user_${bob.id}` }, peaple2: { id: `admin_${desk.id}` } });
    // The shopper sees only their own room, and nothing unread: they wrote it all.
    expect((await roomsOf(t, ann)).map((r) => [r.id, r.no_read])).toEqual([[annRoom, 0]]);
  });

  it('takes the user id as a number or a wire id, and refuses anyone else’s', async () => {
    const ann = await shopper(t);
    await openRoom(t, ann);
    for (const user_id of [ann.id, String(ann.id), `user_${ann.id}`]) {
      expect((await t.call(chatContract.getRoom, { user_id }, { token: ann.token })).body.data).toHaveLength(1);
    }
    expect((await t.call(chatContract.getRoom, { user_id: `admin_${desk.id}` }, { token: desk.token })).body.code).toBe(1);
    for (const user_id of [desk.id, `admin_${desk.id}`, `user_${ann.id + 1000}`]) {
      expect((await t.call(chatContract.getRoom, { user_id }, { token: ann.token })).status).toBe(403);
    }
  });

  it('is empty for someone who never chatted', async () => {
    const cat = await shopper(t);
    expect(await roomsOf(t, cat)).toEqual([]);
  });
});

describe('POST /api/Worker/getTheRoom', () => {
  it('answers one room to either party, each with their own unread count', async () => {
    const { ann, service } = await roomWith(2);
    const asAnn = await t.call(chatContract.getTheRoom, { room_id: service.room.id, user_id: `user_${ann.id}` }, { token: ann.token });
    const asDesk = await t.call(chatContract.getTheRoom, { room_id: service.room.id }, { token: desk.token });
    expect(asAnn.body.data).toMatchObject({ id: service.room.id, last_msg: 'msg 2', no_read: 0 });
    expect(asDesk.body.data).toMatchObject({ id: service.room.id, last_msg: 'msg 2', no_read: 2 });
  });

  it('is "not found" to a third user, as a room that does not exist is', async () => {
    const { service } = await roomWith(1);
    const eve = await shopper(t);
    const theirs = await t.call(chatContract.getTheRoom, { room_id: service.room.id }, { token: eve.token, lang: 'en' });
    const none = await t.call(chatContract.getTheRoom, { room_id: 999_999 }, { token: eve.token, lang: 'en' });
    expect(theirs.body).toMatchObject({ code: 0, msg: 'This conversation does not exist', data: null });
    expect(none.body).toMatchObject({ code: 0, msg: 'This conversation does not exist' });
    expect((await t.call(chatContract.getTheRoom, { room_id: service.room.id }, { token: eve.token })).body.msg).toBe('该会话不存在');
  });
});

describe('POST /api/Worker/getChat', () => {
  it('answers page 1 as the latest 20 in the order they were written, later pages older', async () => {
    const { ann, service, sent } = await roomWith(45);
    const page1 = await history(t, ann, service.room.id);
    expect(page1).toMatchObject({ total: 45, page: 1, limit: 20, has_more: true });
    expect(texts(page1.list)).toEqual(texts(sent.slice(25)));
    expect(page1.list).toEqual(sent.slice(25));
    const page3 = await history(t, desk, service.room.id, { page: 3 });
    expect(texts(page3.list)).toEqual(texts(sent.slice(0, 5)));
    expect(page3.has_more).toBe(false);
    expect((await history(t, ann, service.room.id, { page: 4 })).list).toEqual([]);
  });

  it('pages back from a message with before_id, unshifted by new ones', async () => {
    const { ann, service, sent } = await roomWith(30);
    const older = await history(t, ann, service.room.id, { before_id: sent[10].id, limit: 5 });
    expect(texts(older.list)).toEqual(['msg 6', 'msg 7', 'msg 8', 'msg 9', 'msg 10']);
    expect(older.has_more).toBe(true);
    expect((await history(t, ann, service.room.id, { before_id: sent[3].id, limit: 5 })).has_more).toBe(false);
  });

  it('answers what came after an id, oldest first, a page at a time', async () => {
    const { ann, service, sent } = await roomWith(8);
    const missed = await history(t, ann, service.room.id, { after_id: sent[2].id, limit: 3 });
    expect(texts(missed.list)).toEqual(['msg 4', 'msg 5', 'msg 6']);
    expect(missed.has_more).toBe(true);
    const rest = await history(t, ann, service.room.id, { after_id: missed.list[2].id, limit: 3 });
    expect(texts(rest.list)).toEqual(['msg 7', 'msg 8']);
    expect(rest.has_more).toBe(false);
    expect((await history(t, ann, service.room.id, { after_id: sent[7].id })).list).toEqual([]);
  });

  it(`takes at most ${CHAT_PAGE_MAX} a page, naming the field`, async () => {
    const { ann, service } = await roomWith(1);
    const { body } = await t.call(chatContract.getChat, { room_id: service.room.id, limit: CHAT_PAGE_MAX + 1 }, { token: ann.token, lang: 'en' });
    expect(body).toMatchObject({ code: 0, msg: `Page size must be at most ${CHAT_PAGE_MAX}`, data: { field: 'limit' } });
  });

  it('shows a room to its two parties only', async () => {
    const { service } = await roomWith(2);
    const eve = await shopper(t);
    const { body } = await t.call(chatContract.getChat, { room_id: service.room.id }, { token: eve.token });
    expect(body).toMatchObject({ code: 0, msg: '该会话不存在', data: null });
    const otherDesk = await staff(t);
    expect((await t.call(chatContract.getChat, { room_id: service.room.id }, { token: otherDesk.token })).body.code).toBe(0);
  });
});
