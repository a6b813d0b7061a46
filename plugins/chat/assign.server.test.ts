/**
 * getServicePeaple against the real app and hub: the staff member a shopper talked to before,
 * else the least busy one online (connected to the hub), else any; none → spec §8's refusal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { chatContract } from './contract';
import { storeMessage } from './messages';
import { chatServer, openRoom, roomsOf, shopper, staff } from './testing';

let t: TestServer;
beforeEach(async () => {
  t = await chatServer();
});
afterEach(() => t.close());

const now = () => Math.floor(t.clock.now() / 1000);

/** A room between a shopper (a new one unless given) and `desk`, with `unread` messages from the shopper that `desk` has not read. */
async function roomFor(desk: TestUser, unread: number, customer?: TestUser): Promise<void> {
  const shopperId = (customer ?? (await shopper(t))).id;
  const room = await t.db
    .insertInto('chat_room')
    .values({ user_id: shopperId, staff_id: desk.id, last_msg: '', last_msg_id: null, updatetime: now(), created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < unread; i += 1) await storeMessage(t.db, { roomId: room.id, senderId: shopperId, text: `help ${i}`, now: now() });
}

const assigned = async (user: TestUser) => (await openRoom(t, user)).staff.id;

describe('POST /api/Worker/getServicePeaple assigns', () => {
  it('nobody when the site has no staff: "no customer service, contact the administrator"', async () => {
    const ann = await shopper(t);
    const zh = await t.call(chatContract.getServicePeaple, {}, { token: ann.token });
    const en = await t.call(chatContract.getServicePeaple, {}, { token: ann.token, lang: 'en' });
    expect(zh.body).toMatchObject({ code: 0, msg: '暂无客服，请联系管理员', data: null });
    expect(en.body).toMatchObject({ code: 0, msg: 'No customer service, contact the administrator' });
    expect(await t.db.selectFrom('chat_room').selectAll().execute()).toEqual([]);
  });

  it('nobody when the only staff account is locked, or is the one asking', async () => {
    const locked = await staff(t);
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', locked.id).execute();
    const lonely = await staff(t);
    expect((await t.call(chatContract.getServicePeaple, {}, { token: lonely.token, lang: 'en' })).body.msg).toBe('No customer service, contact the administrator');
  });

  it('the staff member the shopper talked to before, though offline while another is online and idle', async () => {
    const [amy, ben] = [await staff(t), await staff(t)];
    const ann = await shopper(t);
    await roomFor(amy, 3, ann);
    await t.socket(ben);
    const [before] = await roomsOf(t, ann);
    expect(await openRoom(t, ann)).toMatchObject({ room: { id: before.id, no_read: 0 }, staff: { id: `admin_${amy.id}` }, online: false });
    expect(await roomsOf(t, ann)).toHaveLength(1);
  });

  it('else the online staff member with the fewest rooms waiting for a reply', async () => {
    const [amy, ben, cal] = [await staff(t), await staff(t), await staff(t)];
    await roomFor(amy, 1);
    await roomFor(amy, 1);
    await roomFor(ben, 0);
    await roomFor(ben, 0);
    await roomFor(ben, 1);
    await Promise.all([t.socket(amy), t.socket(ben)]);
    // cal is idle but offline; ben has more rooms than amy but fewer waiting.
    const ann = await shopper(t);
    expect(await openRoom(t, ann)).toMatchObject({ staff: { id: `admin_${ben.id}` }, online: true });
    expect(cal.id).toBeGreaterThan(0);
  });

  it('spreads new shoppers over idle online staff', async () => {
    const [amy, ben] = [await staff(t), await staff(t)];
    await Promise.all([t.socket(amy), t.socket(ben)]);
    const picks = [];
    for (let i = 0; i < 4; i += 1) picks.push(await assigned(await shopper(t)));
    expect(picks).toEqual([`admin_${amy.id}`, `admin_${ben.id}`, `admin_${amy.id}`, `admin_${ben.id}`]);
  });

  it('else an offline staff member: the room is made and the message waits for them', async () => {
    const [amy, ben] = [await staff(t), await staff(t)];
    await roomFor(amy, 1);
    const ann = await shopper(t);
    const service = await openRoom(t, ann);
    expect(service).toMatchObject({ staff: { id: `admin_${ben.id}` }, online: false });

    const socket = await t.socket(ann);
    socket.send({ type: 'single', room_id: service.room.id, msg: '有人吗？', cid: 'c1' });
    expect(await socket.next('single')).toMatchObject({ cid: 'c1', msg: '有人吗？' });

    const benSocket = await t.socket(ben);
    expect((await roomsOf(t, ben)).map((r) => [r.id, r.last_msg, r.no_read])).toEqual([[service.room.id, '有人吗？', 1]]);
    expect(benSocket.messages).toEqual([]);
  });

  it('one room however many times a shopper asks at once', async () => {
    await staff(t);
    const ann = await shopper(t);
    const replies = await Promise.all(Array.from({ length: 6 }, () => openRoom(t, ann)));
    expect(new Set(replies.map((r) => r.room.id)).size).toBe(1);
    expect(await t.db.selectFrom('chat_room').select('id').where('user_id', '=', ann.id).execute()).toHaveLength(1);
  });
});
