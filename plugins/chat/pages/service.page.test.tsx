import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { readBadge } from '@kernel/client/ui';
import type { SocketMessage } from '@kernel/core/socket';
import { createTestKernel, failReply, fakeApi, fakeBrowser, type FakeHandler, fakeSocketServer, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import type { ServiceRoom } from '../contract';
import { chatPage, message, room, SHOPPER, single, STAFF, staffPeer } from '../fixtures';
import { DESK_PATH, SERVICE_PATH } from '../paths';
import { chatStore, emptyChat } from '../store';

/** getServicePeaple's reply: room 1 with the staff member, connected or not. */
function service(online = true): ServiceRoom {
  const staff = staffPeer(STAFF, '客服小优', online);
  return { room: room(1, { peaple2: staff }), staff, online };
}
const own = (id: number, msg: string) => message(id, { from_user_id: `user_${SHOPPER}`, msg });

/** The shopper on the customer-service page, on a site with a chat server. */
async function setup(handlers: Record<string, FakeHandler> = {}, user = SHOPPER) {
  const hub = fakeSocketServer();
  const browser = fakeBrowser();
  const api = fakeApi({
    '/api/Worker/getServicePeaple': () => service(),
    '/api/Worker/getRoom': () => [room(1)],
    '/api/Worker/getChat': () => chatPage([]),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'chat'], adapter: api, socket: hub, browser, site: { wss: '/api/socket' }, user: { id: user } });
  await act(async () => {
    renderRoute(kernel, SERVICE_PATH);
    await kernel.locale.loadTimeFormats();
  });
  const push = (frame: SocketMessage) => act(() => hub.push(frame));
  return { hub, browser, api, kernel, push };
}

const input = () => screen.getByRole('textbox', { name: '输入消息' });
const sendButton = () => screen.getByRole('button', { name: '发送' });
function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}
const bubbles = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('chat-message'));

beforeEach(() => {
  Object.assign(chatStore, emptyChat());
});

describe('customer-service page', () => {
  it('shows placeholders while a staff member is assigned, then their name and whether they are online', async () => {
    const { reply, release } = heldReply();
    // The room list says the same as the reply: the staff member is not connected.
    const { api } = await setup({ '/api/Worker/getServicePeaple': () => reply, '/api/Worker/getRoom': () => [service(false).room] });
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/Worker/getServicePeaple')).toBe(true));
    release(service(false));
    expect(await screen.findByText('客服小优')).toBeTruthy();
    expect(screen.getByText('离线')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/Worker/getServicePeaple')?.body).toEqual({});
  });

  it('invites the shopper to write when the room has no messages yet', async () => {
    await setup();
    expect(await screen.findByText('还没有消息，说点什么吧')).toBeTruthy();
    expect(screen.getByText('在线')).toBeTruthy();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the site has no staff at all, and asks again on request', async () => {
    const { api } = await setup({ '/api/Worker/getServicePeaple': () => failReply('暂无客服，请联系管理员') });
    expect(await screen.findByText('暂无客服，请联系管理员')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    api.on('/api/Worker/getServicePeaple', () => service());
    fireEvent.click(screen.getByRole('button', { name: '再试一次' }));
    expect(await screen.findByText('客服小优')).toBeTruthy();
  });

  it('shows an error with a retry when the messages cannot be loaded', async () => {
    const { api } = await setup({ '/api/Worker/getChat': () => failReply('服务繁忙') });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/Worker/getChat', () => chatPage([message(1, { msg: '您好' })]));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('您好')).toBeTruthy();
  });

  it('shows the messages as text with the chat time: HH:mm today, the full date before', async () => {
    const today = Math.floor(Date.now() / 1000);
    const earlier = Math.floor(new Date(2025, 0, 2, 9, 5).getTime() / 1000);
    const hhmm = (s: number) => new Date(s * 1000).toTimeString().slice(0, 5);
    await setup({
      '/api/Worker/getChat': () =>
        chatPage([
          message(1, { msg: '<img src=x onerror=alert(1)>', createtime: earlier }),
          own(2, '我的订单还没发货，单号是 SF1234567890123456789012345678901234567890'),
          message(3, { msg: '马上为您查询', createtime: today }),
        ]),
    });
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('2025-01-02 09:05')).toBeTruthy();
    expect(screen.getByText(hhmm(today))).toBeTruthy();
    expect(document.querySelector('.chat-message img[src="x"]')).toBeNull();
    expect(bubbles().map((li) => li.classList.contains('chat-message--mine'))).toEqual([false, true, false]);
  });

  it('sends with Enter: pending (a spinner), then sent when acknowledged, then read when the staff member reads it', async () => {
    const { hub, push } = await setup();
    await hub.accept();
    await screen.findByText('还没有消息，说点什么吧');
    type('  你好  ');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect((input() as HTMLTextAreaElement).value).toBe('');
    expect(await screen.findByRole('status', { name: '发送中' })).toBeTruthy();
    expect(within(bubbles()[0]).getByText('你好')).toBeTruthy();
    const [frame] = hub.sent('single');
    expect(frame).toMatchObject({ type: 'single', room_id: 1, msg: '你好' });
    push(single(own(12, '你好'), frame.cid as string));
    expect(await screen.findByText('已发送')).toBeTruthy();
    expect(screen.queryByRole('status', { name: '发送中' })).toBeNull();
    push({ type: 'read_msg', room_id: 1, ids: [12], reader: 'admin_3' });
    expect(await screen.findByText('✓ 已读')).toBeTruthy();
    expect(bubbles()).toHaveLength(1);
  });

  it('shows "send failed, please retry" when the hub refuses, and sends again on a tap', async () => {
    const { hub, push } = await setup();
    await hub.accept();
    await screen.findByText('还没有消息，说点什么吧');
    type('你好');
    fireEvent.click(sendButton());
    const [frame] = hub.sent('single');
    push({ type: 'error', of: 'single', cid: frame.cid as string, msg: '发送过于频繁，请稍后再试' });
    const retry = await screen.findByRole('button', { name: '发送失败，请重试' });
    expect(screen.getByText('发送过于频繁，请稍后再试')).toBeTruthy();
    fireEvent.click(retry);
    expect(hub.sent('single')).toEqual([frame, frame]);
    expect(await screen.findByRole('status', { name: '发送中' })).toBeTruthy();
  });

  it('does not send with Enter while an input method is composing, nor an empty or over-long message', async () => {
    const { hub } = await setup();
    await hub.accept();
    await screen.findByText('还没有消息，说点什么吧');
    type('ni');
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    type('好'.repeat(501));
    expect(screen.getByRole('alert').textContent).toBe('消息最多 500 个字');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(hub.sent('single')).toEqual([]);
  });

  it('loads the older messages above the ones on screen', async () => {
    const page = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i, { msg: `第${from + i}条` }));
    const { api } = await setup({
      '/api/Worker/getChat': (body) => (body.before_id === 21 ? chatPage(page(1, 20), { total: 40 }) : chatPage(page(21, 40), { total: 40, has_more: true })),
    });
    expect(await screen.findByText('第40条')).toBeTruthy();
    expect(screen.queryByText('第20条')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看更早的消息' }));
    expect(await screen.findByText('第20条')).toBeTruthy();
    expect(bubbles().map((li) => li.textContent)).toEqual(page(1, 40).map((m) => m.msg));
    expect(api.requests.at(-1)?.body).toEqual({ room_id: 1, before_id: 21, limit: 20 });
    expect(screen.getByText('没有更早的消息了')).toBeTruthy();
  });

  it('reads a message from the staff member at once while the page is in view, and when the tab comes back into view', async () => {
    const { hub, push } = await setup();
    await hub.accept();
    await screen.findByText('还没有消息，说点什么吧');
    push(single(message(5, { msg: '您好' })));
    expect(await screen.findByText('您好')).toBeTruthy();
    await waitFor(() => expect(hub.sent('read_msg')).toEqual([{ type: 'read_msg', room_id: 1, ids: [5] }]));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    push(single(message(6, { msg: '还在吗' })));
    await waitFor(() => expect(chatStore.noRead).toBe(1));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(hub.sent('read_msg').at(-1)).toEqual({ type: 'read_msg', room_id: 1 });
    expect(chatStore.noRead).toBe(0);
  });
});

describe('customer-service page: presence (issue #11)', () => {
  it('shows the staff member 在线 and 离线 as they come and go, without a reload', async () => {
    const { hub, push } = await setup({ '/api/Worker/getServicePeaple': () => service(false), '/api/Worker/getRoom': () => [service(false).room] });
    await hub.accept();
    const header = (await screen.findByText('客服小优')).closest('.chat-peer') as HTMLElement;
    expect(within(header).getByText('离线')).toBeTruthy();
    push({ type: 'presence', user_id: STAFF, online: true });
    await waitFor(() => expect(within(header).getByText('在线')).toBeTruthy());
    push({ type: 'presence', user_id: STAFF, online: false });
    await waitFor(() => expect(within(header).getByText('离线')).toBeTruthy());
  });

  it('ignores presence of someone else and malformed pushes', async () => {
    const { hub, push } = await setup();
    await hub.accept();
    const header = (await screen.findByText('客服小优')).closest('.chat-peer') as HTMLElement;
    push({ type: 'presence', user_id: 99, online: false });
    push({ type: 'presence', user_id: `admin_${STAFF}`, online: false });
    push({ type: 'presence', user_id: STAFF, online: 'no' });
    // Pushes are applied in the order they came: once a later one shows in the store, those were applied too.
    push({ type: 'presence', user_id: 98, online: true });
    await waitFor(() => expect(chatStore.online[98]).toBe(true));
    expect(chatStore.online[STAFF]).not.toBe(false);
    await act(async () => {});
    expect(within(header).getByText('在线')).toBeTruthy();
  });
});

describe('customer-service page: the connection', () => {
  it('says "you are disconnected" while the socket reconnects after a drop', async () => {
    const { hub } = await setup();
    await screen.findByText('还没有消息，说点什么吧');
    expect(screen.queryByText('您已断开连接')).toBeNull();
    const ws = await hub.accept();
    act(() => ws.fail());
    expect(await screen.findByText('您已断开连接')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新连接' })).toBeTruthy();
  });

  it('says "you are disconnected" while offline, without a retry (it reconnects when the network is back)', async () => {
    const { hub, browser } = await setup();
    await hub.accept();
    await screen.findByText('还没有消息，说点什么吧');
    act(() => browser.setOnline(false));
    expect(await screen.findByText('您已断开连接')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新连接' })).toBeNull();
  });

  it('says "chat server disconnected" when the socket gave up, and connects again on retry', async () => {
    const { hub } = await setup();
    await screen.findByText('还没有消息，说点什么吧');
    const ws = await hub.accept();
    act(() => ws.serverClose(4401));
    expect(await screen.findByText('聊天服务器已断开')).toBeTruthy();
    fireEvent.click(within(screen.getByText('聊天服务器已断开').closest('[role="alert"]') as HTMLElement).getByRole('button', { name: '重试' }));
    await hub.accept();
    await waitFor(() => expect(screen.queryByText('聊天服务器已断开')).toBeNull());
    expect(hub.connections).toHaveLength(2);
  });

  it('fails a send at once while the socket is not open', async () => {
    await setup();
    await screen.findByText('还没有消息，说点什么吧');
    type('你好');
    fireEvent.click(sendButton());
    expect(await screen.findByRole('button', { name: '发送失败，请重试' })).toBeTruthy();
  });
});

describe('customer-service page: ways in', () => {
  it('sends an anonymous visitor to log in first', async () => {
    const api = fakeApi({});
    const kernel = createTestKernel({ plugins: ['auth', 'chat'], adapter: api });
    renderRoute(kernel, SERVICE_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(SERVICE_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('has a member-centre entry "contact us" for logged-in shoppers, with the unread count as its badge', () => {
    const kernel = createTestKernel({ plugins: ['auth', 'chat'] });
    const [entry] = kernel.menu.slot('member.services').filter((e) => e.plugin === 'chat');
    expect(entry).toMatchObject({ label: 'chat:menu', to: SERVICE_PATH, auth: true, icon: 'service' });
    expect(kernel.i18n.t('chat:menu')).toBe('联系客服');
    expect(readBadge(entry)).toBeNull();
    chatStore.noRead = 3;
    expect(readBadge(entry)).toBe(3);
  });

  it('leads a staff member to the desk (their room list shows rooms they serve)', async () => {
    await setup({ '/api/Worker/getRoom': () => [room(4, { peaple2: staffPeer(SHOPPER) })], '/api/Worker/getServicePeaple': () => failReply('暂无客服，请联系管理员') }, SHOPPER);
    const link = await screen.findByRole('link', { name: '进入客服工作台' });
    expect(link.getAttribute('href')).toBe(`#${DESK_PATH}`);
  });

  it('shows no desk link to a shopper', async () => {
    await setup();
    await screen.findByText('还没有消息，说点什么吧');
    await vi.waitFor(() => expect(chatStore.rooms).toBe('ready'));
    expect(screen.queryByRole('link', { name: '进入客服工作台' })).toBeNull();
  });
});
