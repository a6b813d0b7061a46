import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import type { SocketMessage } from '@kernel/core/socket';
import { createTestKernel, failReply, fakeApi, fakeSocketServer, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { chatPage, message, NOW_S, room, SHOPPER, shopperPeer, single, STAFF } from '../fixtures';
import { DESK_PATH, DESK_ROOM_PATH, SERVICE_PATH } from '../paths';
import { chatStore, emptyChat } from '../store';

/** Rooms the staff member (user 3) serves, with two shoppers. */
const annRoom = room(1, { last_msg: '我的订单还没发货', last_msg_id: 8, updatetime: NOW_S - 100, no_read: 2 });
const bobRoom = room(2, { last_msg: '', last_msg_id: null, updatetime: NOW_S - 50, peaple1: shopperPeer(12, 'Bob') });

async function setup(path: string, handlers: Record<string, FakeHandler> = {}, user = STAFF) {
  const hub = fakeSocketServer();
  const api = fakeApi({ '/api/Worker/getRoom': () => [bobRoom, annRoom], '/api/Worker/getChat': () => chatPage([]), ...handlers });
  const kernel = createTestKernel({ plugins: ['auth', 'chat'], adapter: api, socket: hub, site: { wss: '/api/socket' }, user: { id: user } });
  await act(async () => {
    renderRoute(kernel, path);
    await kernel.locale.loadTimeFormats();
  });
  const push = (frame: SocketMessage) => act(() => hub.push(frame));
  return { hub, api, kernel, push };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Spec §9's chat time of a day other than today, in the browser's time zone. */
function fullChatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const rows = () => screen.queryAllByRole('link').filter((a) => a.classList.contains('chat-room'));
const rowOf = (name: string) => rows().find((a) => within(a).queryByText(name)) as HTMLElement;

beforeEach(() => {
  Object.assign(chatStore, emptyChat());
});

describe('staff desk', () => {
  it("lists the staff member's rooms newest first, with the shopper, the last message, its chat time and the unread count", async () => {
    await setup(DESK_PATH);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((a) => a.querySelector('.chat-room__name')?.textContent)).toEqual(['Bob', 'Ann']);
    const ann = within(rowOf('Ann'));
    expect(ann.getByText('我的订单还没发货')).toBeTruthy();
    expect(ann.getByText('2')).toBeTruthy();
    expect(ann.getByText(fullChatTime(annRoom.updatetime))).toBeTruthy();
    expect(within(rowOf('Bob')).getByText('暂无消息')).toBeTruthy();
    expect(rowOf('Ann').getAttribute('href')).toBe(`#${DESK_ROOM_PATH}?id=1`);
  });

  it('keeps the list live: a new message moves its room to the top with one more unread', async () => {
    const { hub, push } = await setup(DESK_PATH);
    await hub.accept();
    await waitFor(() => expect(rows()).toHaveLength(2));
    push(single(message(9, { room_id: 1, from_user_id: `user_${SHOPPER}`, to_user_id: `admin_${STAFF}`, msg: '在吗', createtime: NOW_S })));
    await waitFor(() => expect(rows().map((a) => a.querySelector('.chat-room__name')?.textContent)).toEqual(['Ann', 'Bob']));
    expect(within(rowOf('Ann')).getByText('在吗')).toBeTruthy();
    expect(within(rowOf('Ann')).getByText('3')).toBeTruthy();
  });

  it('tells a shopper the desk is only for customer-service staff, and leads them to customer service', async () => {
    await setup(DESK_PATH, {}, SHOPPER);
    expect(await screen.findByText('客服工作台仅供客服使用')).toBeTruthy();
    expect(rows()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '联系客服' }));
    expect(currentLocation()).toBe(SERVICE_PATH);
  });

  it('says there are no conversations, and who the desk is for, when the user has no room at all', async () => {
    await setup(DESK_PATH, { '/api/Worker/getRoom': () => [] });
    expect(await screen.findByText('暂无会话')).toBeTruthy();
    expect(screen.getByText('客服工作台仅供客服账号使用；顾客发起咨询后，会话会显示在这里。')).toBeTruthy();
  });

  it('shows an error with a retry when the rooms cannot be loaded', async () => {
    const { api } = await setup(DESK_PATH, { '/api/Worker/getRoom': () => failReply('服务繁忙') });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/Worker/getRoom', () => [annRoom]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('staff desk: presence (issue #11)', () => {
  it("shows each room's shopper 在线 or 离线 as the room list says, then live as they come and go", async () => {
    const away = room(2, { ...bobRoom, peaple1: shopperPeer(12, 'Bob', false) });
    const { hub, push } = await setup(DESK_PATH, { '/api/Worker/getRoom': () => [away, annRoom] });
    await hub.accept();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rowOf('Bob')).getByText('离线')).toBeTruthy();
    expect(within(rowOf('Ann')).getByText('在线')).toBeTruthy();
    push({ type: 'presence', user_id: 12, online: true });
    await waitFor(() => expect(within(rowOf('Bob')).getByText('在线')).toBeTruthy());
    push({ type: 'presence', user_id: SHOPPER, online: false });
    await waitFor(() => expect(within(rowOf('Ann')).getByText('离线')).toBeTruthy());
  });

  it("shows the shopper's presence over a room too", async () => {
    const { hub, push } = await setup(`${DESK_ROOM_PATH}?id=1`);
    await hub.accept();
    const header = (await screen.findByText('Ann')).closest('.chat-peer') as HTMLElement;
    await waitFor(() => expect(within(header).getByText('在线')).toBeTruthy());
    push({ type: 'presence', user_id: SHOPPER, online: false });
    await waitFor(() => expect(within(header).getByText('离线')).toBeTruthy());
  });
});

describe('staff desk: a room', () => {
  it('shows the shopper and the conversation, reads it, and replies live', async () => {
    const { hub, api, push } = await setup(`${DESK_ROOM_PATH}?id=1`, {
      '/api/Worker/getChat': () => chatPage([message(8, { from_user_id: `user_${SHOPPER}`, to_user_id: `admin_${STAFF}`, msg: '我的订单还没发货' })]),
    });
    await hub.accept();
    expect(await screen.findByText('我的订单还没发货')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Ann')).toBeTruthy());
    expect(api.requests.find((r) => r.path === '/api/Worker/getChat')?.body).toEqual({ room_id: 1, page: 1, limit: 20 });
    await waitFor(() => expect(hub.sent('read_msg')).toContainEqual({ type: 'read_msg', room_id: 1 }));

    fireEvent.change(screen.getByRole('textbox', { name: '输入消息' }), { target: { value: '马上为您查询' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: '输入消息' }), { key: 'Enter' });
    const [frame] = hub.sent('single');
    expect(frame).toMatchObject({ type: 'single', room_id: 1, msg: '马上为您查询' });
    push(single(message(9, { from_user_id: `admin_${STAFF}`, to_user_id: `user_${SHOPPER}`, msg: '马上为您查询' }), frame.cid as string));
    expect(await screen.findByText('已发送')).toBeTruthy();
  });

  it('fetches a room the list does not have yet for its header (getTheRoom)', async () => {
    const { api } = await setup(`${DESK_ROOM_PATH}?id=2`, { '/api/Worker/getRoom': () => [], '/api/Worker/getTheRoom': () => bobRoom });
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/Worker/getTheRoom')?.body).toEqual({ room_id: 2 });
  });

  it('says the conversation does not exist to someone who is not one of its parties', async () => {
    await setup(`${DESK_ROOM_PATH}?id=5`, {
      '/api/Worker/getTheRoom': () => failReply('该会话不存在'),
      '/api/Worker/getChat': () => failReply('该会话不存在'),
    });
    expect(await screen.findByText('该会话不存在')).toBeTruthy();
  });
});
