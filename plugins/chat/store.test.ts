import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, fakeApi, fakeBrowser, fakeSocketServer, heldReply, type FakeHandler } from '../../tests/setup/kernel';
import type { ChatRoom } from './contract';
import { chatPage, message, NOW_S, room, SHOPPER, shopperPeer, single } from './fixtures';
import { emptyChat, followChat, type ChatState } from './store';
import { loadOlder, openRoom } from './store-room';
import { loadRooms } from './store-rooms';
import { ACK_WAIT_MS, resend, sendMessage } from './store-send';

/** A logged-in shopper's kernel on a site with a chat server, and a chat store following its socket. */
function chat(handlers: Record<string, FakeHandler> = {}) {
  const hub = fakeSocketServer();
  const browser = fakeBrowser();
  const api = fakeApi({ '/api/Worker/getRoom': () => [], '/api/Worker/getChat': () => chatPage([]), ...handlers });
  const kernel = createTestKernel({ socket: hub, browser, adapter: api, site: { wss: '/api/socket' }, user: { id: SHOPPER } });
  const store = proxy<ChatState>(emptyChat());
  followChat(kernel, store);
  const calls = (name: string) => api.requests.filter((r) => r.path === `/api/Worker/${name}`).map((r) => r.body);
  /** The socket opens and the room list it loads has arrived. */
  const connect = async () => {
    await hub.accept();
    await vi.waitFor(() => expect(store.rooms).toBe('ready'));
  };
  return { hub, browser, api, kernel, store, calls, connect };
}

const ids = (rooms: readonly ChatRoom[]) => rooms.map((r) => r.id);
const hide = (hidden: boolean) => Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });

afterEach(() => {
  hide(false);
  vi.useRealTimers();
});

describe('chat store: the room list', () => {
  it('loads the room list on the socket’s first open, newest first, with the total unread', async () => {
    const { store, calls, connect } = chat({
      '/api/Worker/getRoom': () => [room(1, { updatetime: NOW_S - 50, no_read: 2 }), room(2, { updatetime: NOW_S, no_read: 1 })],
    });
    expect(calls('getRoom')).toEqual([]);
    await connect();
    expect(calls('getRoom')).toEqual([{}]);
    expect(ids(store.roomList)).toEqual([2, 1]);
    expect(store.noRead).toBe(3);
  });

  it('forgets everything on logout, and drops a room list that arrives after it', async () => {
    const { reply, release } = heldReply();
    const { hub, kernel, store, calls } = chat({ '/api/Worker/getRoom': () => reply });
    await hub.accept();
    await vi.waitFor(() => expect(calls('getRoom')).toHaveLength(1));
    store.seckill = { event: 'start', seckill_id: 1, goods_id: 2, buy_num: 0 };
    kernel.session.clear();
    expect(store).toEqual(emptyChat());
    release([room(1, { no_read: 4 })]);
    // The load under way: it has ended once this resolves.
    await loadRooms(kernel, store);
    expect(store.roomList).toEqual([]);
    expect(store.noRead).toBe(0);
  });
});

describe('chat store: an incoming message (single)', () => {
  it('adds a message from the staff member to the open room and reads it at once (read_msg with its id)', async () => {
    const { hub, kernel, store, connect } = chat({
      '/api/Worker/getRoom': () => [room(1, { last_msg: 'message 1', last_msg_id: 1 })],
      '/api/Worker/getChat': () => chatPage([message(1, { is_read: 1 })]),
    });
    await connect();
    await openRoom(kernel, store, 1);
    hub.push(single(message(5, { msg: '您好，请问有什么可以帮您？' })));
    await vi.waitFor(() => expect(store.msgList.map((m) => m.id)).toEqual([1, 5]));
    expect(hub.sent('read_msg')).toEqual([{ type: 'read_msg', room_id: 1, ids: [5] }]);
    expect(store.roomList[0]).toMatchObject({ last_msg: '您好，请问有什么可以帮您？', last_msg_id: 5, no_read: 0 });
    expect(store.noRead).toBe(0);
  });

  it('counts a message in a room that is not open as unread, updates its last message and moves it to the top', async () => {
    const { hub, store, connect } = chat({
      '/api/Worker/getRoom': () => [room(2, { updatetime: NOW_S - 10, no_read: 1 }), room(1, { updatetime: NOW_S - 20 })],
    });
    await connect();
    hub.push(single(message(9, { room_id: 1, msg: '在吗', createtime: NOW_S })));
    await vi.waitFor(() => expect(ids(store.roomList)).toEqual([1, 2]));
    expect(store.roomList[0]).toMatchObject({ last_msg: '在吗', last_msg_id: 9, updatetime: NOW_S, no_read: 1 });
    expect(store.noRead).toBe(2);
    expect(store.msgList).toEqual([]);
    expect(hub.sent('read_msg')).toEqual([]);
  });

  it('counts a message in the open room as unread while the browser tab is hidden', async () => {
    const { hub, kernel, store, connect } = chat({ '/api/Worker/getRoom': () => [room(1)] });
    await connect();
    await openRoom(kernel, store, 1);
    hide(true);
    hub.push(single(message(5)));
    await vi.waitFor(() => expect(store.noRead).toBe(1));
    expect(store.msgList.map((m) => m.id)).toEqual([5]);
    expect(hub.sent('read_msg')).toEqual([]);
  });

  it('fetches a room it does not know (getTheRoom) and adds it, counting the message once', async () => {
    const bob = room(4, { last_msg: 'message 9', last_msg_id: 9, updatetime: NOW_S, no_read: 1, peaple1: shopperPeer(12, 'Bob') });
    const { hub, store, calls, connect } = chat({ '/api/Worker/getRoom': () => [room(1)], '/api/Worker/getTheRoom': () => bob });
    await connect();
    hub.push(single(message(9, { room_id: 4 })));
    hub.push(single(message(10, { room_id: 4, msg: '还有一个问题' })));
    await vi.waitFor(() => expect(store.roomList[0]).toMatchObject({ id: 4, last_msg: '还有一个问题', no_read: 2 }));
    expect(calls('getTheRoom')).toEqual([{ room_id: 4 }]);
    expect(ids(store.roomList)).toEqual([4, 1]);
    expect(store.noRead).toBe(2);
  });

  it('ignores a single with a missing or malformed field', async () => {
    const { hub, store, connect } = chat({ '/api/Worker/getRoom': () => [room(1)] });
    await connect();
    hub.push({ ...single(message(5)), id: 'five' });
    hub.push({ ...single(message(6)), msg: { html: '<b>x</b>' } });
    // Pushes are applied in the order they came, a single in a known room at once: once this one shows, those were done.
    hub.push({ type: 'seckill', event: 'start', seckill_id: 1, goods_id: 2, buy_num: 0 });
    await vi.waitFor(() => expect(store.seckill).toMatchObject({ seckill_id: 1 }));
    expect(store.roomList[0]).toMatchObject({ no_read: 0, last_msg_id: null });
  });

  it('keeps a live message when a room list the server answered before it arrives afterwards', async () => {
    const { reply, release } = heldReply<ChatRoom[]>();
    let lists = 0;
    const { hub, browser, kernel, store, connect } = chat({ '/api/Worker/getRoom': () => (++lists === 1 ? [room(1)] : reply) });
    await connect();
    browser.setOnline(false);
    browser.setOnline(true);
    await hub.accept();
    await vi.waitFor(() => expect(lists).toBe(2));
    hub.push(single(message(31, { msg: '新消息' })));
    await vi.waitFor(() => expect(store.noRead).toBe(1));
    release([room(1, { last_msg: 'message 30', last_msg_id: 30 })]);
    // The reload under way: it has been merged once this resolves.
    await loadRooms(kernel, store);
    expect(store.roomList[0]).toMatchObject({ last_msg: '新消息', last_msg_id: 31, no_read: 1 });
  });
});

describe('chat store: sending', () => {
  async function openedRoom(handlers: Record<string, FakeHandler> = {}) {
    const t = chat({ '/api/Worker/getRoom': () => [room(1)], ...handlers });
    await t.connect();
    await openRoom(t.kernel, t.store, 1);
    return t;
  }

  it('shows a send as pending, and the own acknowledgement (same cid) replaces it with the stored message', async () => {
    const { hub, kernel, store } = await openedRoom();
    expect(sendMessage(kernel, store, '  我的订单还没发货  ')).toBe(true);
    expect(store.pending).toMatchObject([{ room_id: 1, msg: '我的订单还没发货', failed: false }]);
    const [frame] = hub.sent('single');
    expect(frame).toEqual({ type: 'single', room_id: 1, msg: '我的订单还没发货', cid: store.pending[0].cid });
    hub.push(single(message(12, { from_user_id: `user_${SHOPPER}`, msg: '我的订单还没发货' }), frame.cid as string));
    await vi.waitFor(() => expect(store.pending).toEqual([]));
    expect(store.msgList.map((m) => [m.id, m.msg])).toEqual([[12, '我的订单还没发货']]);
    expect(store.roomList[0]).toMatchObject({ last_msg: '我的订单还没发货', no_read: 0 });
  });

  it('shows the read receipt when the staff member reads own messages (read_msg from them)', async () => {
    const own = (id: number) => message(id, { from_user_id: `user_${SHOPPER}` });
    const { hub, store } = await openedRoom({ '/api/Worker/getChat': () => chatPage([own(12), own(13)]) });
    hub.push({ type: 'read_msg', room_id: 1, ids: [12], reader: 'admin_3' });
    await vi.waitFor(() => expect(store.msgList.map((m) => m.is_read)).toEqual([1, 0]));
  });

  it('marks a send the hub refused as failed, with its reason, and sends it again with the same cid', async () => {
    const { hub, kernel, store } = await openedRoom();
    sendMessage(kernel, store, '你好');
    const cid = store.pending[0].cid;
    hub.push({ type: 'error', of: 'single', cid, msg: '发送过于频繁，请稍后再试' });
    await vi.waitFor(() => expect(store.pending[0]).toMatchObject({ failed: true, error: '发送过于频繁，请稍后再试' }));
    resend(kernel, store, cid);
    expect(store.pending[0]).toMatchObject({ failed: false, error: '' });
    expect(hub.sent('single').map((f) => f.cid)).toEqual([cid, cid]);
  });

  it('fails a send at once when the socket is not open', async () => {
    const { kernel, store } = chat();
    await openRoom(kernel, store, 1);
    expect(sendMessage(kernel, store, '你好')).toBe(true);
    expect(store.pending).toMatchObject([{ msg: '你好', failed: true }]);
  });

  it('fails a send that is not acknowledged in time', async () => {
    const { kernel, store } = await openedRoom();
    vi.useFakeTimers();
    sendMessage(kernel, store, '你好');
    vi.advanceTimersByTime(ACK_WAIT_MS - 1);
    expect(store.pending[0].failed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.pending[0].failed).toBe(true);
  });

  it('sends nothing empty or longer than 500 characters', async () => {
    const { hub, kernel, store } = await openedRoom();
    expect(sendMessage(kernel, store, '   ')).toBe(false);
    expect(sendMessage(kernel, store, '好'.repeat(501))).toBe(false);
    expect(sendMessage(kernel, store, '😀'.repeat(500))).toBe(true);
    expect(hub.sent('single')).toHaveLength(1);
  });
});

describe('chat store: read_msg, seckill and reconnecting', () => {
  it('lowers the room’s unread count when the user read it in another tab', async () => {
    const { hub, store, connect } = chat({ '/api/Worker/getRoom': () => [room(1, { no_read: 2 }), room(2, { no_read: 1 })] });
    await connect();
    hub.push({ type: 'read_msg', room_id: 1, ids: [5, 6], reader: `user_${SHOPPER}` });
    await vi.waitFor(() => expect(store.noRead).toBe(1));
    expect(store.roomList.find((r) => r.id === 1)?.no_read).toBe(0);
  });

  it('keeps the last flash-sale event', async () => {
    const { hub, store, connect } = chat();
    await connect();
    hub.push({ type: 'seckill', event: 'stock', seckill_id: 3, goods_id: 8, buy_num: 2 });
    await vi.waitFor(() => expect(store.seckill).toEqual({ event: 'stock', seckill_id: 3, goods_id: 8, buy_num: 2 }));
  });

  it('catches up after a reconnect: the room list again, the open room’s missed messages after the last id, then reads them', async () => {
    let lists = 0;
    const own = message(22, { from_user_id: `user_${SHOPPER}`, msg: '还在吗' });
    const { hub, browser, kernel, store, calls, connect } = chat({
      '/api/Worker/getRoom': () => (++lists === 1 ? [room(1)] : [room(1, { last_msg: '还在吗', last_msg_id: 22, no_read: 1 })]),
      '/api/Worker/getChat': (body) => (body.after_id === undefined ? chatPage([message(20, { is_read: 1 })]) : chatPage([message(21, { msg: '在的' }), own])),
    });
    await connect();
    await openRoom(kernel, store, 1);
    // Sent just as the connection dropped: stored, but the acknowledgement never came.
    sendMessage(kernel, store, '还在吗');
    browser.setOnline(false);
    browser.setOnline(true);
    await hub.accept();
    await vi.waitFor(() => expect(store.msgList.map((m) => m.id)).toEqual([20, 21, 22]));
    expect(calls('getChat').at(-1)).toEqual({ room_id: 1, after_id: 20, limit: 50 });
    expect(store.pending).toEqual([]);
    await vi.waitFor(() => expect(calls('getRoom')).toHaveLength(2));
    await vi.waitFor(() => expect(store.noRead).toBe(0));
    expect(hub.live()?.sent('read_msg')).toEqual([{ type: 'read_msg', room_id: 1 }]);
  });
});

describe('chat store: opening a room', () => {
  it('loads page 1 (20), marks the room read with a read receipt, and prepends older pages before the oldest id', async () => {
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
    const { hub, kernel, store, calls, connect } = chat({
      '/api/Worker/getRoom': () => [room(1, { no_read: 3 })],
      '/api/Worker/getChat': (body) => (body.before_id === 21 ? chatPage(range(1, 20), { total: 40 }) : chatPage(range(21, 40), { total: 40, has_more: true })),
    });
    await connect();
    await openRoom(kernel, store, 1);
    expect(calls('getChat')).toEqual([{ room_id: 1, page: 1, limit: 20 }]);
    expect(store).toMatchObject({ active_room: 1, messages: 'ready', hasOlder: true, allMsgNumber: 40, noRead: 0 });
    expect(store.msgList.map((m) => m.id)).toEqual(range(21, 40).map((m) => m.id));
    expect(hub.sent('read_msg')).toEqual([{ type: 'read_msg', room_id: 1 }]);
    await loadOlder(kernel, store);
    expect(calls('getChat')[1]).toEqual({ room_id: 1, before_id: 21, limit: 20 });
    expect(store.msgList.map((m) => m.id)).toEqual(range(1, 40).map((m) => m.id));
    expect(store.hasOlder).toBe(false);
  });
});
