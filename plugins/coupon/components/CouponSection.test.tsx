import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestKernel, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { addressStore } from '../../address/public-client';
import { forgetDrafts } from '../../order/draft';
import { orderNo, settlement } from '../../order/fixtures';
import { SETTLEMENT_PATH } from '../../order/paths';
import type { CouponOptions } from '../contract';
import { couponView, option } from '../fixtures';

const offers = (chosen: number | null, requested: number | null = chosen): CouponOptions => ({
  coupons: [
    option(1),
    option(2, { coupon: couponView(2, { name: '满500减50', min_amount: '500.00' }), usable: false, reason: 'below_min', discount: null }),
    option(3, { coupon: couponView(3, { name: '停用券', disabled: true }), usable: false, reason: 'disabled', discount: null }),
  ],
  requested,
  chosen,
});

function setup() {
  const api = fakeApi({
    '/api/order/settlement': (body) => {
      const choice = (body.choices as Record<string, number> | undefined)?.coupon;
      return settlement({
        goods_amount: '300.00',
        options: { coupon: offers(choice === 1 ? 1 : null, choice ?? null) },
        adjustments: choice === 1 ? [{ id: 'coupon', label: 'coupon:adjust.label', amount: '-10.00', detail: '满100减10' }] : [],
        pay_amount: choice === 1 ? '290.00' : '300.00',
      });
    },
    '/api/order/confirm': () => ({ order_no: orderNo(1), pay_amount: '290.00', pay_deadline: 1_900_000_000 }),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order', 'coupon'], adapter: api, user: { id: 7, money: '1000.00' } });
  renderRoute(kernel, `${SETTLEMENT_PATH}?from=cart`);
  return { api };
}
const settlements = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/order/settlement');

beforeEach(() => {
  forgetDrafts();
  Object.assign(addressStore, { list: [], status: 'idle', error: '', chosenId: null });
});

describe('the coupon at settlement', () => {
  it('says how many are usable, lists them with the others and why, and prices the pick on the server', async () => {
    const { api } = setup();
    fireEvent.click(await screen.findByText('1张可用'));
    const sheet = within(await screen.findByRole('dialog', { name: '选择优惠券' }));
    expect(sheet.getByText('满500元可用，还差200.00元')).toBeTruthy();
    // A coupon the shop has disabled is among the unusable ones, not to be picked.
    expect(within(sheet.getByRole('article', { name: '停用券' })).getByText('已停用')).toBeTruthy();
    expect(sheet.queryByRole('radio', { name: '停用券' })).toBeNull();
    fireEvent.click(sheet.getByRole('radio', { name: '满100减10' }));
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toContain('290.00'));
    expect(settlements(api).at(-1)?.body).toMatchObject({ source: 'cart', choices: { coupon: 1 } });
    expect(screen.getByText('-¥10.00 满100减10')).toBeTruthy();
    // The totals name the coupon with the coupon plugin's label.
    expect(screen.getByText('优惠券', { selector: 'dt' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/order/confirm')).toBe(true));
    expect(api.requests.find((r) => r.path === '/api/order/confirm')?.body).toMatchObject({ choices: { coupon: 1 } });
  });

  it('takes the coupon off again with "不使用优惠券"', async () => {
    const { api } = setup();
    fireEvent.click(await screen.findByText('1张可用'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '选择优惠券' })).getByRole('radio', { name: '满100减10' }));
    await screen.findByText('-¥10.00 满100减10');
    fireEvent.click(screen.getByText('-¥10.00 满100减10'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '选择优惠券' })).getByRole('radio', { name: '不使用优惠券' }));
    await waitFor(() => expect(settlements(api).at(-1)?.body).not.toHaveProperty('choices'));
    expect(await screen.findByText('1张可用')).toBeTruthy();
  });
});
