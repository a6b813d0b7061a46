/**
 * The proof of issue #6 with real WebSocket clients against the real app: delivery both ways,
 * stored before acknowledged, unread counts, read receipts, nothing lost across a server restart,
 * a third user can neither read nor write a room, and a forged sender is ignored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocketErrorMessage } from '@kernel/core/socket';
import type { TestServer, TestUser } from '@kernel/server/testing';
import { MSG_MAX, type ReadMsgMessage, type SingleMessage } from './contract';
import { chatServer, history, openRoom, say, shopper, staff, unread } from './testing';

let t: TestServer;
let desk: TestUser;
beforeAll(async () => {
  t = await chatServer();
  desk = await staff(t, '客服小优');
});
afterEach(() => t.closeSockets());
afterAll(() => t.close());

/** A new shopper with their room with `desk`, both connected. */
async function talk() {
  const ann = await shopper(t, 'Ann');
  const { room } = await openRoom(t, ann);
  const annSocket = await t.socket(ann);
  const deskSocket = await t.socket(desk);
  return { ann, room, annSocket, deskSocket, who: { ann: `user_${ann.id}`, desk: `admin_${desk.id}` } };
}

const storedIn = (roomId: number) => t.db.selectFrom('chat_message').selectAll().where('room_id', '=', roomId).orderBy('id').execute();

describe('delivery', () => {
  it('delivers a shopper’s message to the staff member, and acknowledges it with the cid and the stored id', async () => {
    const { room, annSocket, deskSocket, who } = await talk();
    t.clock.advance(5000);
    annSocket.send({ type: 'single', room_id: room.id, msg: '  你好，我的订单还没发货 ', cid: 'tmp-1' });

    const ack = await annSocket.next<SingleMessage>('single');
    const [row] = await storedIn(room.id);
    expect(ack).toEqual({
      type: 'single',
      cid: 'tmp-1',
      id: row.id,
      room_id: room.id,
      from_user_id: who.ann,
      to_user_id: who.desk,
      msg: '你好，我的订单还没发货',
      createtime: Math.floor(t.clock.now() / 1000),
      is_read: 0,
    });
    const { cid: _cid, ...delivered } = ack;
    expect(await deskSocket.next('single')).toEqual(delivered);
  });

  it('delivers the staff member’s reply to the shopper', async () => {
    const { room, annSocket, deskSocket, who } = await talk();
    const reply = await say(deskSocket, room.id, '您好，马上为您查询');
    expect(reply).toMatchObject({ from_user_id: who.desk, to_user_id: who.ann });
    expect(await annSocket.next('single')).toMatchObject({ id: reply.id, msg: '您好，马上为您查询', from_user_id: who.desk });
    expect(annSocket.messages.some((m) => 'cid' in m)).toBe(false);
  });

  it('has stored a message by the time it is acknowledged', async () => {
    const { ann, room, annSocket } = await talk();
    const ack = await say(annSocket, room.id, 'stored?');
    expect((await history(t, ann, room.id)).list.map((m) => m.id)).toEqual([ack.id]);
  });

  it('shows a message in every tab of both parties, the sender’s tabs with the cid', async () => {
    const { ann, room, annSocket, deskSocket } = await talk();
    const [annTab2, deskTab2] = [await t.socket(ann), await t.socket(desk)];
    const ack = await say(annSocket, room.id, 'two tabs');
    expect(await annTab2.next('single')).toEqual(ack);
    for (const socket of [deskSocket, deskTab2]) expect(await socket.next('single')).toMatchObject({ id: ack.id, msg: 'two tabs' });
  });

  it('sends text as text: markup is stored and delivered as the characters typed', async () => {
    const { room, annSocket, deskSocket } = await talk();
    const markup = '<img src=x onerror=alert(1)> & <b>bold</b>';
    await say(annSocket, room.id, markup);
    expect((await deskSocket.next<SingleMessage>('single')).msg).toBe(markup);
  });

  it('refuses an empty or too long message in the user’s language, naming the cid, and stores nothing', async () => {
    const ann = await shopper(t);
    const { room } = await openRoom(t, ann);
    const [zh, en] = [await t.socket(ann), await t.socket(ann, { lang: 'en' })];
    zh.send({ type: 'single', room_id: room.id, msg: '   ', cid: 'blank' });
    expect(await zh.next('error')).toEqual({ type: 'error', of: 'single', cid: 'blank', msg: '请输入消息内容' });
    en.send({ type: 'single', room_id: room.id, msg: 'x'.repeat(MSG_MAX + 1), cid: 'long' });
    expect(await en.next('error')).toEqual({ type: 'error', of: 'single', cid: 'long', msg: `A message can have at most ${MSG_MAX} characters` });
    expect(await storedIn(room.id)).toEqual([]);
  });
});

describe('identity comes from the token', () => {
  it('ignores a forged from_user_id and to_user_id: the sender is the connection’s user, the addressee the other party', async () => {
    const { ann, room, annSocket, deskSocket, who } = await talk();
    const eve = await shopper(t);
    const eveSocket = await t.socket(eve);
    annSocket.send({ type: 'single', room_id: room.id, msg: 'who am I?', cid: 'f1', from_user_id: who.desk, to_user_id: `user_${eve.id}` });
    const ack = await annSocket.next<SingleMessage>('single');
    expect(ack).toMatchObject({ from_user_id: who.ann, to_user_id: who.desk });
    expect(await deskSocket.next('single')).toMatchObject({ id: ack.id, from_user_id: who.ann });
    const [row] = await storedIn(room.id);
    expect(row).toMatchObject({ from_user_id: ann.id, to_user_id: desk.id });
    // `single` writes to every party in the step that acknowledged ann, so a copy for eve was on her socket before her ping.
    const pong = await eveSocket.roundTrip();
    expect(eveSocket.messages).toEqual([pong]);
  });

  it('lets a third user neither write to a room, nor read it, nor hear what is said in it', async () => {
    const { room, annSocket, deskSocket } = await talk();
    const eve = await shopper(t);
    const eveSocket = await t.socket(eve, { lang: 'en' });
    eveSocket.send({ type: 'single', room_id: room.id, msg: 'let me in', cid: 'e1', from_user_id: `user_${0}` });
    expect(await eveSocket.next('error')).toEqual({ type: 'error', of: 'single', cid: 'e1', msg: 'This conversation does not exist' });
    eveSocket.send({ type: 'read_msg', room_id: room.id });
    expect(await eveSocket.next('error')).toMatchObject({ of: 'read_msg', msg: 'This conversation does not exist' });

    await say(annSocket, room.id, 'private');
    await deskSocket.next('single');
    expect(await storedIn(room.id)).toHaveLength(1);
    expect((await history(t, desk, room.id)).list.map((m) => m.msg)).toEqual(['private']);
    await expect(history(t, eve, room.id)).rejects.toThrow('该会话不存在');
    // Delivered to the desk, so written to every addressee already: a copy for eve would come before her pong.
    const pong = await eveSocket.roundTrip();
    expect(eveSocket.messages.filter((m) => m.type !== 'error')).toEqual([pong]);
    expect(await unread(t, desk, room.id)).toBe(1);
  });
});

describe('unread counts and read receipts', () => {
  it('counts what each party has not read', async () => {
    const { ann, room, annSocket, deskSocket } = await talk();
    for (const text of ['one', 'two', 'three']) {
      await say(annSocket, room.id, text);
      await deskSocket.next('single');
    }
    await say(deskSocket, room.id, 'hello');
    expect(await unread(t, desk, room.id)).toBe(3);
    expect(await unread(t, ann, room.id)).toBe(1);
  });

  it('marks the reader’s messages read and tells the sender which, so they see read receipts', async () => {
    const { ann, room, annSocket, deskSocket, who } = await talk();
    const sent = [await say(annSocket, room.id, 'one'), await say(annSocket, room.id, 'two')];
    await deskSocket.next('single');
    await deskSocket.next('single');
    const mine = await say(deskSocket, room.id, 'from the desk');
    await annSocket.next('single');

    deskSocket.send({ type: 'read_msg', room_id: room.id });
    const receipt: ReadMsgMessage = { type: 'read_msg', room_id: room.id, ids: sent.map((m) => m.id), reader: who.desk };
    expect(await annSocket.next('read_msg')).toEqual(receipt);
    expect(await deskSocket.next('read_msg')).toEqual(receipt);
    expect(await unread(t, desk, room.id)).toBe(0);
    // The desk's own message stays unread by the shopper.
    expect(await unread(t, ann, room.id)).toBe(1);
    expect((await history(t, ann, room.id)).list.map((m) => [m.msg, m.is_read])).toEqual([
      ['one', 1],
      ['two', 1],
      ['from the desk', 0],
    ]);
    expect(mine.is_read).toBe(0);
  });

  it('marks only the listed ids, and only those addressed to the reader', async () => {
    const { ann, room, annSocket, deskSocket } = await talk();
    const [one, two] = [await say(annSocket, room.id, 'one'), await say(annSocket, room.id, 'two')];
    await deskSocket.next('single');
    await deskSocket.next('single');
    const reply = await say(deskSocket, room.id, 'reply');
    deskSocket.send({ type: 'read_msg', room_id: room.id, ids: [two.id, reply.id] });
    expect(await deskSocket.next('read_msg')).toMatchObject({ ids: [two.id] });
    expect(await unread(t, desk, room.id)).toBe(1);
    expect(await unread(t, ann, room.id)).toBe(1);
    expect(one.id).toBeLessThan(two.id);
  });

  it('answers a reader with nothing new to read, and tells the sender nothing', async () => {
    const { room, annSocket, deskSocket } = await talk();
    deskSocket.send({ type: 'read_msg', room_id: room.id });
    expect(await deskSocket.next('read_msg')).toMatchObject({ ids: [] });
    expect(await annSocket.next('presence')).toMatchObject({ user_id: desk.id });
    // `read_msg` tells the sender before it answers the reader: a receipt for ann would come before her pong.
    await annSocket.roundTrip();
    // The staff member coming online is all the shopper heard.
    expect(annSocket.messages.map((m) => m.type)).toEqual(['presence', 'pong']);
  });
});

describe('a server restart', () => {
  it('loses nothing: clients reconnect, history is all there and what was missed comes after_id', async () => {
    const { ann, room, annSocket, deskSocket, who } = await talk();
    const hello = await say(annSocket, room.id, 'before the restart');
    const seen = (await deskSocket.next<SingleMessage>('single')).id;
    expect(seen).toBe(hello.id);

    await t.restart();
    expect((await annSocket.closed).code).toBe(1001);
    expect((await deskSocket.closed).code).toBe(1001);

    // The desk is back first and answers while the shopper is still away.
    const deskAgain = await t.socket(desk);
    const missed = [await say(deskAgain, room.id, 'are you there?'), await say(deskAgain, room.id, 'your parcel left today')];

    const annAgain = await t.socket(ann);
    const caughtUp = await history(t, ann, room.id, { after_id: hello.id });
    expect(caughtUp.list.map((m) => [m.id, m.msg, m.from_user_id])).toEqual(missed.map((m) => [m.id, m.msg, who.desk]));
    expect(caughtUp.has_more).toBe(false);
    expect((await history(t, ann, room.id)).list.map((m) => m.msg)).toEqual(['before the restart', 'are you there?', 'your parcel left today']);
    expect(await unread(t, ann, room.id)).toBe(2);

    // And the conversation goes on over the new connections.
    const next = await say(annAgain, room.id, 'thanks!');
    expect(await deskAgain.next('single')).toMatchObject({ id: next.id, msg: 'thanks!' });
    expect(await t.violations()).toEqual([]);
  });
});

describe('switched off', () => {
  it('refuses chat messages while the site has the plugin off', async () => {
    const { room, annSocket } = await talk();
    await t.setPlugins({ chat: false });
    try {
      annSocket.send({ type: 'single', room_id: room.id, msg: 'anyone?', cid: 'off' });
      const refusal = await annSocket.next<SocketErrorMessage>('error');
      expect(refusal).toMatchObject({ of: 'single', cid: 'off' });
      expect(refusal.msg).toContain('chat');
      expect(await storedIn(room.id)).toEqual([]);
    } finally {
      await t.setPlugins({ chat: true });
    }
  });
});
