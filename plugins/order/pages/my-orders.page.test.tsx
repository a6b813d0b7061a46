import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, type FakeHandler, okReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { orderNo, summary } from '../fixtures';
import { MY_ORDERS_PATH, PAY_PATH } from '../paths';
import { STATUS } from '../states';

const PLUGINS = ['auth', 'goods', 'cart', 'address', 'order'];

function setup(list: FakeHandler, options: { path?: string; handlers?: Record<string, FakeHandler> } = {}) {
  const api = fakeApi({
    '/api/order/list': list,
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    ...options.handlers,
  });
  const kernel = createTestKernel({ plugins: PLUGINS, adapter: api, user: { id: 7 } });
  renderRoute(kernel, options.path ?? MY_ORDERS_PATH);
  return { api, kernel };
}

const lists = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/order/list');
const card = (n: number) => within(screen.getByRole('article', { name: `订单 ${orderNo(n)}` }));
const page = (...orders: ReturnType<typeof summary>[]) => ({ list: orders, total: orders.length, page: 1, limit: 10 });

describe('my orders', () => {
  it('lists every order on the "all" tab: number, state, goods, count and amount', async () => {
    const { api } = setup(() => page(summary(1, STATUS.placed), summary(2, STATUS.shipped, { pay_amount: '88.50', num: 3 })));
    expect(await screen.findByText(`订单号：${orderNo(1)}`)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', '待付款', '待发货', '待收货', '已收货', '已取消', '已退款']);
    expect(card(1).getByText('待付款')).toBeTruthy();
    expect(card(1).getByText('极光 X5 手机')).toBeTruthy();
    expect(card(2).getByText('待收货')).toBeTruthy();
    expect(card(2).getByText(/共 3 件商品/).textContent).toBe('共 3 件商品 实付 ¥88.50');
    expect(card(1).getByRole('link', { name: `查看订单 ${orderNo(1)} 的详情` }).getAttribute('href')).toBe(`#/user/myOrder/orderDetail?order_no=${orderNo(1)}`);
    expect(lists(api)[0].body).toEqual({ type: 'all', page: 1, limit: 10 });
  });

  it('tags a flash-sale order, and no other', async () => {
    setup(() => page(summary(1, STATUS.placed, { source: 'seckill' }), summary(2, STATUS.placed), summary(3, STATUS.placed, { source: 'buy' })));
    await screen.findByText(`订单号：${orderNo(2)}`);
    expect(card(1).getByText('秒杀')).toBeTruthy();
    expect(card(2).queryByText('秒杀')).toBeNull();
    expect(card(3).queryByText('秒杀')).toBeNull();
  });

  it('opens the order from its number row too', async () => {
    setup(() => page(summary(1, STATUS.placed)));
    fireEvent.click(await screen.findByText(`订单号：${orderNo(1)}`));
    await waitFor(() => expect(currentLocation()).toBe(`/user/myOrder/orderDetail?order_no=${orderNo(1)}`));
  });

  it('opens on the tab `?type=` names, and switching tabs asks for that tab', async () => {
    const { api } = setup(() => page(), { path: `${MY_ORDERS_PATH}?type=shipping` });
    await waitFor(() => expect(lists(api)).toHaveLength(1));
    expect(lists(api)[0].body).toMatchObject({ type: 'shipping' });
    expect(screen.getByRole('tab', { name: '待收货' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: '待付款' }));
    await waitFor(() => expect(currentLocation()).toBe(`${MY_ORDERS_PATH}?type=unpaid`));
    await waitFor(() => expect(lists(api).at(-1)?.body).toMatchObject({ type: 'unpaid' }));
    expect(screen.getByRole('tab', { name: '待付款' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers pay and cancel on an unpaid order, confirm receipt on a shipped one, nothing on a received one', async () => {
    setup(() => page(summary(1, STATUS.placed), summary(2, STATUS.paid), summary(3, STATUS.shipped), summary(4, STATUS.received), summary(5, STATUS.cancelled)));
    await screen.findByText(`订单号：${orderNo(1)}`);
    const buttons = (n: number) => card(n).queryAllByRole('button').map((b) => b.textContent);
    expect(buttons(1)).toEqual(['取消订单', '去支付']);
    expect(buttons(2)).toEqual(['取消订单']);
    expect(buttons(3)).toEqual(['确认收货']);
    expect(buttons(4)).toEqual([]);
    expect(buttons(5)).toEqual([]);
  });

  it('goes to the payment screen to pay', async () => {
    setup(() => page(summary(1, STATUS.placed)));
    await screen.findByText(`订单号：${orderNo(1)}`);
    fireEvent.click(card(1).getByRole('button', { name: '去支付' }));
    await waitFor(() => expect(currentLocation()).toBe(`${PAY_PATH}?order_no=${orderNo(1)}`));
  });

  it('cancels an order only after the shopper confirms, then refreshes the list', async () => {
    let status: number = STATUS.placed;
    const { api } = setup(() => page(summary(1, status as never)), {
      handlers: {
        '/api/order/cancel': (body) => {
          status = STATUS.cancelled;
          return okReply({ order_no: body.order_no, status });
        },
      },
    });
    await screen.findByText(`订单号：${orderNo(1)}`);
    const cancels = () => api.requests.filter((r) => r.path === '/api/order/cancel');

    fireEvent.click(card(1).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText('确定取消这个订单吗？')).toBeTruthy();
    // The buttons say what they do, not "取消 / 确定" under the title "取消订单".
    const dialog = within(screen.getByRole('dialog', { name: '取消订单' }));
    expect(dialog.getAllByRole('button').map((b) => b.textContent)).toEqual(['再想想', '取消订单']);
    fireEvent.click(dialog.getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByText('确定取消这个订单吗？')).toBeNull());
    expect(cancels()).toEqual([]);

    fireEvent.click(card(1).getByRole('button', { name: '取消订单' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消订单' }));
    await waitFor(() => expect(card(1).getByText('已取消')).toBeTruthy());
    expect(cancels().map((r) => r.body)).toEqual([{ order_no: orderNo(1) }]);
    expect(lists(api)).toHaveLength(2);
    expect(await screen.findByText('订单已取消')).toBeTruthy();
  });

  it('warns that cancelling a paid order refunds it', async () => {
    setup(() => page(summary(2, STATUS.paid)));
    await screen.findByText(`订单号：${orderNo(2)}`);
    fireEvent.click(card(2).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText('确定取消这个订单吗？已付款项将退回余额。')).toBeTruthy();
  });

  it('confirms receipt after asking, then refreshes the list', async () => {
    let status: number = STATUS.shipped;
    const { api } = setup(() => page(summary(3, status as never)), {
      handlers: {
        '/api/order/receive': (body) => {
          status = STATUS.received;
          return okReply({ order_no: body.order_no, status });
        },
      },
    });
    await screen.findByText(`订单号：${orderNo(3)}`);
    fireEvent.click(card(3).getByRole('button', { name: '确认收货' }));
    expect(await screen.findByText('请确认已收到商品，确认后无法撤销。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(card(3).getByText('已收货')).toBeTruthy());
    expect(api.requests.filter((r) => r.path === '/api/order/receive').map((r) => r.body)).toEqual([{ order_no: orderNo(3) }]);
  });

  it('shows the refusal and refreshes when the order moved meanwhile', async () => {
    // Staff shipped it while the list was on screen.
    let status: number = STATUS.paid;
    const { api } = setup(() => page(summary(3, status as never)), {
      handlers: {
        '/api/order/cancel': () => {
          status = STATUS.shipped;
          return failReply('订单已发货，不能取消');
        },
      },
    });
    await screen.findByText(`订单号：${orderNo(3)}`);
    fireEvent.click(card(3).getByRole('button', { name: '取消订单' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByText('订单已发货，不能取消')).toBeTruthy();
    await waitFor(() => expect(card(3).getByRole('button', { name: '确认收货' })).toBeTruthy());
    expect(lists(api)).toHaveLength(2);
  });

  it('loads more orders page by page', async () => {
    const orders = Array.from({ length: 12 }, (_, i) => summary(i + 1, STATUS.placed));
    setup((body) => ({ list: orders.slice((Number(body.page) - 1) * 10, Number(body.page) * 10), total: 12, page: body.page, limit: 10 }));
    await screen.findByText(`订单号：${orderNo(10)}`);
    expect(screen.queryByText(`订单号：${orderNo(11)}`)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText(`订单号：${orderNo(12)}`)).toBeTruthy();
  });

  it('says when a tab has no orders, and when the list cannot be loaded', async () => {
    const { api } = setup(() => page());
    expect(await screen.findByText('还没有相关订单')).toBeTruthy();
    api.on('/api/order/list', () => failReply('服务繁忙'));
    fireEvent.click(screen.getByRole('tab', { name: '已取消' }));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/order/list', () => page(summary(5, STATUS.cancelled)));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText(`订单号：${orderNo(5)}`)).toBeTruthy();
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const api = fakeApi({});
    const kernel = createTestKernel({ plugins: PLUGINS, adapter: api });
    renderRoute(kernel, `${MY_ORDERS_PATH}?type=unpaid`);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(`${MY_ORDERS_PATH}?type=unpaid`)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('puts 待付款, 待发货, 待收货, 已收货 and 全部订单 in the member centre, each opening its tab', () => {
    const kernel = createTestKernel({ plugins: PLUGINS });
    const entries = kernel.menu.slot('member.orders').filter((e) => e.plugin === 'order');
    expect(entries.map((e) => [kernel.i18n.t(e.label), e.to])).toEqual([
      ['待付款', `${MY_ORDERS_PATH}?type=unpaid`],
      ['待发货', `${MY_ORDERS_PATH}?type=toship`],
      ['待收货', `${MY_ORDERS_PATH}?type=shipping`],
      ['已收货', `${MY_ORDERS_PATH}?type=received`],
      ['全部订单', MY_ORDERS_PATH],
    ]);
    expect(entries.every((e) => e.auth && isIconName(e.icon))).toBe(true);
  });
});
