import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { centreCoupon, couponView, myCoupon } from '../fixtures';
import { COUPON_PATH } from '../paths';

function setup(handlers: Record<string, FakeHandler>, path = COUPON_PATH, { anonymous = false } = {}) {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['coupon'], adapter: api, user: anonymous ? undefined : { id: 7 } });
  renderRoute(kernel, path);
  return { api, kernel };
}
const page = (...list: ReturnType<typeof myCoupon>[]) => ({ list, total: list.length, page: 1, limit: 10 });
const card = (name: string) => within(screen.getByRole('article', { name }));

describe('coupons', () => {
  it('opens on my unused coupons: worth, condition, name and last day', async () => {
    const { api } = setup({ '/api/coupon/mine': () => page(myCoupon(1), myCoupon(2, { coupon: couponView(2, { name: '九折', kind: 'rate', rate: 90, cap: '20.00', min_amount: '0.00', amount: '0.00' }) })) });
    expect(await screen.findByText('满100元可用')).toBeTruthy();
    expect(card('满100减10').getByText('¥10')).toBeTruthy();
    expect(card('九折').getByText('9折')).toBeTruthy();
    expect(card('九折').getByText('无门槛 · 最高减20元')).toBeTruthy();
    expect(card('满100减10').getByText(/到期$/)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['领券中心', '未使用', '已使用', '已过期']);
    expect(api.requests.find((r) => r.path === '/api/coupon/mine')?.body).toEqual({ state: 'unused', page: 1, limit: 10 });
  });

  it('says so when a tab is empty, and the error when it cannot load', async () => {
    setup({ '/api/coupon/mine': () => page() }, `${COUPON_PATH}?tab=expired`);
    expect(await screen.findByText('没有过期的优惠券')).toBeTruthy();
  });

  it('shows a refusal to load with a retry', async () => {
    setup({ '/api/coupon/mine': () => failReply('服务繁忙') });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
  });

  it('claims from the claim centre and shows what is left and what the shopper holds', async () => {
    let mine = 0;
    const { api } = setup(
      {
        '/api/coupon/centre': () => [centreCoupon(3, { mine, left: 5 - mine }), centreCoupon(4, { name: '已抢光券', left: 0 })],
        '/api/coupon/claim': () => {
          mine += 1;
          return myCoupon(9);
        },
      },
      `${COUPON_PATH}?tab=centre`,
    );
    fireEvent.click(await within(await screen.findByRole('article', { name: '满100减10' })).findByRole('button', { name: '立即领取' }));
    await waitFor(() => expect(card('满100减10').getByText('已领取')).toBeTruthy());
    expect(api.requests.find((r) => r.path === '/api/coupon/claim')?.body).toEqual({ coupon_id: 3 });
    expect(screen.getByText('领取成功')).toBeTruthy();
    expect(card('已抢光券').getByText('已抢光')).toBeTruthy();
  });

  it('shows the claim centre’s emptiness', async () => {
    setup({ '/api/coupon/centre': () => [] }, `${COUPON_PATH}?tab=centre`);
    expect(await screen.findByText('暂时没有可领的优惠券')).toBeTruthy();
  });

  it('shows a copy of a coupon the shop has disabled as unusable, saying why', async () => {
    setup({ '/api/coupon/mine': () => page(myCoupon(1), myCoupon(2, { coupon: couponView(2, { name: '停用券', disabled: true }) })) });
    expect(await within(await screen.findByRole('article', { name: '停用券' })).findByText('已停用')).toBeTruthy();
    expect(card('停用券').getByText('不可用')).toBeTruthy();
    expect(card('停用券').queryByRole('button', { name: '去使用' })).toBeNull();
    expect(card('满100减10').getByRole('button', { name: '去使用' })).toBeTruthy();
  });

  it('lets an anonymous visitor browse the claim centre; claiming asks to log in and comes back to it', async () => {
    const { api } = setup({ '/api/coupon/centre': () => [centreCoupon(3)] }, `${COUPON_PATH}?tab=centre`, { anonymous: true });
    fireEvent.click(await within(await screen.findByRole('article', { name: '满100减10' })).findByRole('button', { name: '立即领取' }));
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(`${COUPON_PATH}?tab=centre`)}`));
    expect(pageRequests(api).map((r) => r.path)).toEqual(['/api/coupon/centre']);
  });

  it('sends an anonymous visitor of my coupons to log in first', async () => {
    const { api } = setup({}, `${COUPON_PATH}?tab=used`, { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(`${COUPON_PATH}?tab=used`)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});
