import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REQUEST_KEY } from '@kernel/core/request-key';
import { createTestKernel, fakeApi, okReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { detail, orderNo } from '../fixtures';
import { PAY_PATH } from '../paths';
import { STATUS } from '../states';

const NO = orderNo(1);
const CHECKOUT = `https://pay.example/checkout?order=${NO}`;
const METHODS = { 'zh-Hans': [{ id: 'balance', name: '余额支付' }, { id: 'testpay', name: '测试支付' }], en: [{ id: 'balance', name: 'Pay with balance' }, { id: 'testpay', name: 'Test Pay' }] };

function setup(options: { money?: string; lang?: 'zh-Hans' | 'en'; handlers?: Record<string, FakeHandler> } = {}) {
  let status: number = STATUS.placed;
  const api = fakeApi({
    '/api/order/detail': () => okReply(detail(1, status as never, { money: options.money ?? '3500.00' })),
    '/api/order/payMethods': () => okReply({ list: METHODS[options.lang ?? 'zh-Hans'] }),
    '/api/order/pay': () => okReply({ order_no: NO, status: STATUS.placed, money: options.money ?? '3500.00', next: { method: 'testpay', redirect_url: CHECKOUT } }),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    ...options.handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order'], adapter: api, user: { id: 7, money: '3500.00' }, language: options.lang });
  renderRoute(kernel, `${PAY_PATH}?order_no=${NO}`);
  return { api, paid: () => (status = STATUS.paid) };
}

const sent = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);

describe('the payment methods on the pay page', () => {
  it('lists the methods the site enables, the balance chosen first', async () => {
    setup();
    const balance = await screen.findByRole('radio', { name: /余额支付/ });
    expect((balance as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /测试支付/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('pay-balance').textContent).toBe('可用余额 ¥3500.00');
    expect(screen.getByRole('button', { name: '余额支付 ¥2999.00' })).toBeTruthy();
  });

  it('starts a payment with another method without the balance confirmation, shows where to pay, and turns paid once the provider confirms', async () => {
    const { api, paid } = setup();
    fireEvent.click(await screen.findByRole('radio', { name: /测试支付/ }));
    fireEvent.click(screen.getByRole('button', { name: '测试支付 ¥2999.00' }));
    const go = await screen.findByRole('link', { name: '前往支付' });
    expect(go.getAttribute('href')).toBe(CHECKOUT);
    expect(screen.queryByText('确定使用余额支付 ¥2999.00 吗？')).toBeNull();
    expect(sent(api, '/api/order/pay')).toEqual([{ order_no: NO, method: 'testpay', request_key: expect.stringMatching(REQUEST_KEY) }]);
    paid();
    fireEvent.click(screen.getByRole('button', { name: '我已完成支付' }));
    expect(await screen.findByRole('heading', { name: '订单已支付' })).toBeTruthy();
  });

  it('lets a shopper whose balance is short pay another way', async () => {
    setup({ money: '10.00' });
    expect(await screen.findByText('余额不足，还差 ¥2989.00')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /测试支付/ }));
    expect(screen.queryByText('余额不足，还差 ¥2989.00')).toBeNull();
    expect(screen.getByRole('button', { name: '测试支付 ¥2999.00' }).hasAttribute('disabled')).toBe(false);
  });

  it('reads in English', async () => {
    setup({ lang: 'en' });
    fireEvent.click(await screen.findByRole('radio', { name: /Test Pay/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Test Pay ¥2999.00' }));
    expect(await screen.findByRole('link', { name: 'Go to payment' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
  });
});
