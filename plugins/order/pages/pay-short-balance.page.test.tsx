import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUEST_KEY } from '@kernel/core/request-key';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, fakeApi, okReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { detail, orderNo } from '../fixtures';
import { PAY_PATH } from '../paths';
import { STATUS } from '../states';

const NO = orderNo(1);
const HERE = `${PAY_PATH}?order_no=${NO}`;
const CDKEY = `/user/cdkey/addCdkey?returnTo=${encodeURIComponent(HERE)}`;

function setup(options: { money?: string; handlers?: Record<string, FakeHandler>; withCdkey?: boolean } = {}) {
  let money = options.money ?? '10.00';
  const api = fakeApi({
    '/api/order/detail': () => okReply(detail(1, STATUS.placed, { money })),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    '/api/order/payMethods': () => okReply({ list: [{ id: 'balance', name: '余额支付' }] }),
    ...options.handlers,
  });
  const plugins = ['auth', 'goods', 'cart', 'address', 'order', ...(options.withCdkey === false ? [] : ['cdkey'])];
  const kernel = createTestKernel({ plugins, adapter: api, user: { id: 7, money: '3500.00', score: 20 } });
  renderRoute(kernel, HERE);
  return { api, kernel, setMoney: (value: string) => (money = value) };
}

const payButton = () => screen.getByRole('button', { name: '余额支付 ¥2999.00' });
const sent = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);

describe('paying with a balance short of the amount', () => {
  it('disables the payment and says beside it how much is missing', async () => {
    const { api, kernel } = setup();
    expect(await screen.findByText('余额不足，还差 ¥2989.00')).toBeTruthy();
    expect(screen.getByTestId('pay-balance').textContent).toBe('可用余额 ¥10.00');
    expect(payButton().hasAttribute('disabled')).toBe(true);
    expect(payButton().getAttribute('aria-describedby')).toBe(screen.getByText('余额不足，还差 ¥2989.00').id);
    fireEvent.click(payButton());
    expect(screen.queryByText('确定使用余额支付 ¥2999.00 吗？')).toBeNull();
    expect(sent(api, '/api/order/pay')).toEqual([]);
    // The stored balance was stale; the order's reply is the truth, and the session takes it.
    await waitFor(() => expect(kernel.session.state.user?.money).toBe('10.00'));
    // Cancelling stays possible.
    expect(screen.getByRole('button', { name: '取消订单' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers redeeming a card key when the shop has card keys, leading back to this order', async () => {
    setup();
    const ways = await screen.findByRole('region', { name: '充值后即可支付' });
    const way = within(ways).getByRole('link', { name: /卡密充值/ });
    expect(way.getAttribute('href')).toBe(`#${CDKEY}`);
  });

  it('offers no card key when the shop has none, and says what is left to do', async () => {
    setup({ withCdkey: false });
    expect(await screen.findByText('余额不足，还差 ¥2989.00')).toBeTruthy();
    expect(screen.getByText('请先充值余额，或取消订单')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /卡密充值/ })).toBeNull();
  });

  it('goes to redeem a card key, comes back to this order once redeemed, and pays', async () => {
    let status: number = STATUS.placed;
    const { api, kernel, setMoney } = setup({
      handlers: {
        '/api/user/applyCdkey': () => {
          setMoney('3010.00');
          return { kind: 'balance', amount: '3000.00', money: '3010.00', score: 20 };
        },
        '/api/order/pay': () => {
          status = STATUS.paid;
          return okReply({ order_no: NO, status, money: '11.00' });
        },
      },
    });
    fireEvent.click(await screen.findByRole('link', { name: /卡密充值/ }));
    await waitFor(() => expect(currentLocation()).toBe(CDKEY));
    expect(await screen.findByText('兑换成功后将自动返回，继续刚才的操作。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('卡号'), { target: { value: '8812345678901234' } });
    fireEvent.change(screen.getByLabelText('卡密'), { target: { value: 'ABCDEFGHJKMN' } });
    fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));

    await waitFor(() => expect(currentLocation()).toBe(HERE));
    expect(await screen.findByText('兑换成功，余额 +¥3000.00')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pay-balance').textContent).toBe('可用余额 ¥3010.00'));
    expect(screen.queryByText(/余额不足/)).toBeNull();
    api.on('/api/order/detail', () => okReply(detail(1, status as never, { money: status === STATUS.paid ? '11.00' : '3010.00' })));
    fireEvent.click(payButton());
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(sent(api, '/api/order/pay')).toEqual([{ order_no: NO, method: 'balance', request_key: expect.stringMatching(REQUEST_KEY) }]);
    expect(kernel.session.state.user?.money).toBe('11.00');
  });

  it('takes a balance exactly equal to the amount as enough', async () => {
    setup({ money: '2999.00' });
    expect((await screen.findByTestId('pay-balance')).textContent).toBe('可用余额 ¥2999.00');
    expect(payButton().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(/余额不足/)).toBeNull();
    expect(screen.queryByRole('link', { name: /卡密充值/ })).toBeNull();
  });

  it('reads in English', async () => {
    const api = fakeApi({ '/api/order/detail': () => okReply(detail(1, STATUS.placed, { money: '10.00' })), '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }) });
    const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order', 'cdkey'], adapter: api, user: { id: 7 }, language: 'en' });
    renderRoute(kernel, HERE);
    expect(await screen.findByText('Balance too low: ¥2989.00 short')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Top up with a card key/ })).toBeTruthy();
  });
});
