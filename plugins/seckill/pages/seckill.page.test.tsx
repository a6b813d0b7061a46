import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { deviceNow, item, publicMessages, push, saleIndex, session } from '../client-fixtures';
import { SECKILL_CART_PATH, SECKILL_PATH } from '../paths';

function setup(index: FakeHandler, options: { language?: 'en'; path?: string } = {}) {
  const api = fakeApi({ '/api/seckill/index': index });
  const kernel = createTestKernel({ plugins: ['seckill'], adapter: api, language: options.language });
  const socket = publicMessages(kernel);
  const view = renderRoute(kernel, options.path ?? SECKILL_PATH);
  return { api, kernel, socket, view };
}

const cards = () => screen.getAllByTestId('seckill-item');
const card = (name: string) => within(screen.getByRole('article', { name }));
const indexCalls = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/seckill/index').map((r) => r.body);

afterEach(() => {
  vi.useRealTimers();
});

describe('flash-sale page', () => {
  it('shows the sessions as tabs, the running one chosen, and its goods with prices, sold share, quota and button', async () => {
    const sessions = [
      session(1, { title: '10:00', state: 3 }),
      session(2, { title: '14:00', state: 2 }),
      session(3, { title: '20:00', state: 1 }),
      session(4, { title: '10:00', state: 0, later_day: true }),
    ];
    const goods = [item(1, { name: '蓝牙耳机', stock: 20, left: 5 }), item(2, { name: '保温杯', stock: 10, left: 0 }), item(3, { name: '充电宝', stock: 100, left: 100, quota: 1 })];
    const { api } = setup(() => saleIndex({ sessions, session_id: 2, goods }));
    expect(await screen.findByText('蓝牙耳机')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['10:00已结束', '14:00抢购中', '20:00即将开始', '10:00明日']);
    expect(tabs[1].getAttribute('aria-selected')).toBe('true');
    expect(indexCalls(api)).toEqual([{}]);

    expect(card('蓝牙耳机').getByTestId('seckill-bar').textContent).toBe('仅剩 5 件');
    expect(card('蓝牙耳机').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75');
    expect(card('蓝牙耳机').getByText('限购 2 件')).toBeTruthy();
    expect(card('蓝牙耳机').getByRole('button', { name: '立即抢购' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('article', { name: '蓝牙耳机' }).querySelector('del')?.textContent).toBe('¥59.00');
    expect(card('保温杯').getByRole('button', { name: '已抢光' }).hasAttribute('disabled')).toBe(true);
    expect(card('保温杯').getByTestId('seckill-bar').textContent).toBe('已抢 100%');
    expect(card('充电宝').getByTestId('seckill-bar').textContent).toBe('已抢 0%');
    expect(card('充电宝').getByText('限购 1 件')).toBeTruthy();
    expect(screen.getByText('距结束')).toBeTruthy();
  });

  it('asks for the goods of another session when its tab is chosen; its buttons say "not started"', async () => {
    const sessions = [session(2, { title: '14:00' }), session(3, { title: '20:00', state: 1, start_at: deviceNow() + 3600, end_at: deviceNow() + 10800 })];
    const { api } = setup((body) =>
      Number(body.session_id) === 3 ? saleIndex({ sessions, session_id: 3, goods: [item(7, { name: '晚场好物' })] }) : saleIndex({ sessions, session_id: 2 }),
    );
    await screen.findByText('秒杀商品1');
    fireEvent.click(screen.getByRole('tab', { name: /20:00/ }));
    expect(await screen.findByText('晚场好物')).toBeTruthy();
    expect(indexCalls(api)).toEqual([{}, { session_id: 3 }]);
    expect(card('晚场好物').getByRole('button', { name: '未开始' }).hasAttribute('disabled')).toBe(true);
    expect(card('晚场好物').getByTestId('seckill-bar').textContent).toBe('限量 20 件');
    expect(screen.getByText('距开始')).toBeTruthy();
  });

  it('opens the session of `?session_id=` and says "ended" on an ended one', async () => {
    const { api } = setup(() => saleIndex({ sessions: [session(5, { state: 3 })], session_id: 5, goods: [item(1, { left: 3 })] }), { path: `${SECKILL_PATH}?session_id=5` });
    expect(await screen.findByRole('button', { name: '已结束' })).toBeTruthy();
    expect(screen.getByText('本场已结束')).toBeTruthy();
    expect(indexCalls(api)).toEqual([{ session_id: 5 }]);
  });

  it("counts down on the server's clock, not the device's", async () => {
    // The server is an hour behind the device: its session ends in two hours of its own time.
    const serverNow = deviceNow() - 3600;
    setup(() => saleIndex({ server_time: serverNow, sessions: [session(1, { start_at: serverNow - 60, end_at: serverNow + 7200 })] }));
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^(02:00:00|01:59:5\d)$/);
  });

  it('loads the new state when the countdown reaches the start', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const start = deviceNow() + 2;
    const { api } = setup(() => saleIndex({ server_time: start - 2, sessions: [session(1, { state: 1, start_at: start, end_at: start + 7200 })] }));
    await screen.findByText('距开始');
    api.on('/api/seckill/index', () => saleIndex({ server_time: start, sessions: [session(1, { state: 2, start_at: start, end_at: start + 7200 })] }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '立即抢购' })).toHaveLength(2));
    expect(indexCalls(api)).toHaveLength(2);
  });

  it("updates what is left and the button at once when a purchase is pushed, and lets go of the socket when it closes", async () => {
    const { socket, view } = setup(() => saleIndex({ goods: [item(1, { name: '蓝牙耳机', stock: 20, left: 12 }), item(2, { name: '保温杯', stock: 10, left: 2 })] }));
    await screen.findByText('蓝牙耳机');
    // The page listens from an effect, which may run a moment after the first paint.
    await waitFor(() => expect(socket.count()).toBe(1));
    act(() => socket.send(push({ item_id: 1, left: 8, buy_num: 4 })));
    expect(card('蓝牙耳机').getByTestId('seckill-bar').textContent).toBe('仅剩 8 件');
    act(() => socket.send(push({ item_id: 2, left: 0, buy_num: 2 })));
    expect(card('保温杯').getByRole('button', { name: '已抢光' }).hasAttribute('disabled')).toBe(true);
    // A cancelled order gives its stock back; a malformed or foreign message changes nothing.
    act(() => socket.send(push({ event: 'release', item_id: 2, left: 1 })));
    expect(card('保温杯').getByRole('button', { name: '立即抢购' })).toBeTruthy();
    act(() => socket.send({ type: 'seckill', event: 'buy', item_id: 1, left: 'many' }));
    act(() => socket.send(push({ item_id: 99, left: 0 })));
    expect(card('蓝牙耳机').getByTestId('seckill-bar').textContent).toBe('仅剩 8 件');
    view.unmount();
    expect(socket.count()).toBe(0);
  });

  it('goes to the flash-sale settlement of the goods on "buy now"', async () => {
    setup(() => saleIndex({ goods: [item(3, { name: '充电宝' })] }));
    fireEvent.click(await screen.findByRole('button', { name: '立即抢购' }));
    // The settlement asks a visitor to log in first.
    await waitFor(() => expect(currentLocation()).toMatch(/^\/pages\/login\/login\?returnTo=/));
    expect(decodeURIComponent(currentLocation())).toContain(`${SECKILL_CART_PATH}?goods_id=103&sku_id=203&num=1`);
  });

  it('says so when there is no flash sale, and when a session has no goods', async () => {
    const { view } = setup(() => saleIndex({ sessions: [], session_id: null, goods: [] }));
    expect(await screen.findByText('暂无秒杀活动')).toBeTruthy();
    view.unmount();
    setup(() => saleIndex({ goods: [] }));
    expect(await screen.findByText('本场暂无商品')).toBeTruthy();
  });

  it('offers a retry when the sale cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/seckill/index', () => saleIndex());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it('speaks English', async () => {
    const sessions = [session(1, { title: '10:00' }), session(2, { title: '10:00', state: 0, later_day: true })];
    setup(() => saleIndex({ sessions, goods: [item(1, { left: 0 }), item(2, { left: 4 })] }), { language: 'en' });
    expect(await screen.findByRole('button', { name: 'Sold out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeTruthy();
    expect(screen.getByText('Only 4 left')).toBeTruthy();
    expect(screen.getAllByText('Limit 2 per shopper')).toHaveLength(2);
    expect(screen.getByText('Ends in')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['10:00On now', '10:00Tomorrow']);
  });

  it('has a home-grid entry open to visitors that leads here', () => {
    const kernel = createTestKernel({ plugins: ['seckill'] });
    const [entry] = kernel.menu.slot('home.grid').filter((e) => e.plugin === 'seckill');
    expect(entry).toMatchObject({ to: SECKILL_PATH, label: 'seckill:menu', icon: 'seckill' });
    expect(entry.auth).toBeFalsy();
    expect(isIconName(entry.icon)).toBe(true);
  });
});
