import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUEST_KEY } from '@kernel/core/request-key';
import { createTestKernel, failReply, fakeApi, okReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { at, detail, orderNo } from '../fixtures';
import { PAY_PATH } from '../paths';
import { STATUS } from '../states';

const NO = orderNo(1);

function setup(handlers: Record<string, FakeHandler> = {}) {
  const api = fakeApi({
    '/api/order/detail': () => okReply(detail(1)),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    '/api/order/payMethods': () => okReply({ list: [{ id: 'balance', name: '余额支付' }] }),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order'], adapter: api, user: { id: 7, money: '3500.00' } });
  renderRoute(kernel, `${PAY_PATH}?order_no=${NO}`);
  return { api, kernel };
}

const sent = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path);
const payButton = () => screen.getByRole('button', { name: '余额支付 ¥2999.00' });

describe('payment-waiting screen', () => {
  it('shows the order number, the amount, the balance and a countdown on the server clock', async () => {
    // The server says 10:05:00 and the deadline is 10:30:00, whatever the browser clock says.
    const { api } = setup();
    expect(await screen.findByText(`订单编号：${NO}`)).toBeTruthy();
    expect(screen.getByTestId('pay-due').textContent).toBe('¥2999.00');
    expect(screen.getByText('可用余额 ¥3500.00')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^00:2[45]:\d\d$/);
    expect(payButton().hasAttribute('disabled')).toBe(false);
    expect(sent(api, '/api/order/detail')[0].body).toEqual({ order_no: NO });
  });

  it('reads "支付时间已结束" once the deadline has passed, and offers no payment', async () => {
    setup({ '/api/order/detail': () => okReply(detail(1, STATUS.placed, { now: at(2026, 3, 2, 10, 30, 1) })) });
    expect(await screen.findByText('支付时间已结束')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(payButton().hasAttribute('disabled')).toBe(true);
  });

  it('counts down to zero, then reads "支付时间已结束"', async () => {
    setup({ '/api/order/detail': () => okReply(detail(1, STATUS.placed, { now: at(2026, 3, 2, 10, 29, 59) })) });
    expect((await screen.findByRole('timer')).textContent).toBe('00:00:01');
    await waitFor(() => expect(screen.getByText('支付时间已结束')).toBeTruthy(), { timeout: 5000 });
    expect(payButton().hasAttribute('disabled')).toBe(true);
  });

  it('pays with the balance after a confirmation, then shows success and the way to the order', async () => {
    let status: number = STATUS.placed;
    const { api, kernel } = setup({
      '/api/order/detail': () => okReply(detail(1, status as never, status === STATUS.paid ? { paytime: at(2026, 3, 2, 10, 6) } : {})),
      '/api/order/pay': () => {
        status = STATUS.paid;
        return okReply({ order_no: NO, status, money: '501.00' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '余额支付 ¥2999.00' }));
    expect(await screen.findByText('确定使用余额支付 ¥2999.00 吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(sent(api, '/api/order/pay').map((r) => r.body)).toEqual([{ order_no: NO, method: 'balance', request_key: expect.stringMatching(REQUEST_KEY) }]);
    expect(kernel.session.state.user?.money).toBe('501.00');
    expect(screen.getByRole('link', { name: '查看订单' }).getAttribute('href')).toBe(`#/user/myOrder/orderDetail?order_no=${NO}`);
    expect(screen.getByRole('link', { name: '我的订单' }).getAttribute('href')).toBe('#/user/myOrder/myOrder');
  });

  it('pays nothing when the shopper does not confirm', async () => {
    const { api } = setup({ '/api/order/pay': () => ({}) });
    fireEvent.click(await screen.findByRole('button', { name: '余额支付 ¥2999.00' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定使用余额支付 ¥2999.00 吗？')).toBeNull());
    expect(sent(api, '/api/order/pay')).toEqual([]);
  });

  it('says "余额不足" as the server does when the balance is short, and lets the shopper try again with the same request key', async () => {
    const { api } = setup({ '/api/order/pay': () => failReply('余额不足') });
    fireEvent.click(await screen.findByRole('button', { name: '余额支付 ¥2999.00' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect((await screen.findByRole('alert')).textContent).toBe('余额不足');
    expect(screen.queryByText('支付成功')).toBeNull();
    await waitFor(() => expect(payButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(payButton());
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent(api, '/api/order/pay')).toHaveLength(2));
    const [first, second] = sent(api, '/api/order/pay').map((r) => r.body);
    expect(second.request_key).toBe(first.request_key);
  });

  it('cancels the order after a confirmation', async () => {
    let status: number = STATUS.placed;
    const { api } = setup({
      '/api/order/detail': () => okReply(detail(1, status as never, status === STATUS.cancelled ? { cancel_reason: 'shopper' } : {})),
      '/api/order/cancel': () => {
        status = STATUS.cancelled;
        return okReply({ order_no: NO, status });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '取消订单' }));
    expect(await screen.findByText('确定取消这个订单吗？')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '取消订单' }));
    expect(await screen.findByRole('heading', { name: '订单已取消' })).toBeTruthy();
    expect(sent(api, '/api/order/cancel').map((r) => r.body)).toEqual([{ order_no: NO }]);
  });

  it('tells that an order cancelled at its deadline can no longer be paid', async () => {
    setup({ '/api/order/detail': () => okReply(detail(1, STATUS.cancelled, { cancel_reason: 'timeout' })) });
    expect(await screen.findByRole('heading', { name: '支付时间已结束，订单已取消' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '余额支付 ¥2999.00' })).toBeNull();
  });

  it('says an order already paid is paid', async () => {
    setup({ '/api/order/detail': () => okReply(detail(1, STATUS.paid)) });
    expect(await screen.findByRole('heading', { name: '订单已支付' })).toBeTruthy();
  });

  it('shows why the order cannot be shown, with a retry', async () => {
    const { api } = setup({ '/api/order/detail': () => failReply('订单不存在') });
    expect(await screen.findByText('订单不存在')).toBeTruthy();
    api.on('/api/order/detail', () => okReply(detail(1)));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText(`订单编号：${NO}`)).toBeTruthy();
  });
});
