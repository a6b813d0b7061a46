import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, failReply, fakeApi, renderRoute, testUser, type FakeHandler } from '../../tests/setup/kernel';
import { orderCountStore, emptyCounts } from './count-store';

const MEMBER = '/pages/user/user';
const shopper = { id: 7, username: 'demo', money: '1.00', score: 5 };

function setup(counts: FakeHandler, user: Partial<typeof shopper> | null = shopper) {
  Object.assign(orderCountStore, emptyCounts());
  const api = fakeApi({
    '/api/order/count': counts,
    '/api/account/profile': () => testUser({ ...shopper, token: '', refreshToken: '' }),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
  });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'goods', 'cart', 'address', 'order'], adapter: api, user: user ?? undefined });
  renderRoute(kernel, MEMBER);
  return { api, kernel };
}

const countCalls = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/order/count');
/** The member centre's order entries as [label, badge, icon], once the page shows. */
async function entries() {
  const section = within(await screen.findByRole('region', { name: '我的订单' }, { timeout: 5000 }));
  return section.getAllByRole('link').map((link) => [
    link.querySelector('.sf-grid__label')?.textContent,
    link.querySelector('.sf-badge')?.textContent ?? null,
    link.querySelector('svg')?.getAttribute('data-icon'),
  ]);
}

describe("the member centre's order entries", () => {
  it('show how many orders wait in each state, from the server, with an icon that says the state', async () => {
    const { api } = setup(() => ({ unpaid: 2, toship: 1, shipping: 0, received: 120 }));
    await entries();
    await waitFor(async () => expect((await entries())[0][1]).toBe('2'));
    expect(await entries()).toEqual([
      ['待付款', '2', 'yuan'],
      ['待发货', '1', 'package'],
      ['待收货', null, 'truck'],
      ['已收货', '99+', 'parcel-check'],
      ['全部订单', null, 'order'],
    ]);
    // One call for the four entries, as the shopper (the token says who).
    expect(countCalls(api).map((r) => [r.body, r.headers.get('Token')])).toEqual([[{ user_id: 7 }, 'test-token']]);
  });

  it('ask again each time the member centre shows', async () => {
    let unpaid = 1;
    const { api, kernel } = setup(() => ({ unpaid, toship: 0, shipping: 0, received: 0 }));
    await waitFor(async () => expect((await entries())[0][1]).toBe('1'));
    cleanup();
    unpaid = 3;
    renderRoute(kernel, MEMBER);
    await waitFor(async () => expect((await entries())[0][1]).toBe('3'));
    expect(countCalls(api)).toHaveLength(2);
  });

  it('keep the last counts, quietly, when the server cannot count', async () => {
    const { api } = setup(() => failReply('服务器开小差了'));
    await waitFor(() => expect(countCalls(api)).toHaveLength(1));
    expect((await entries()).map(([, badge]) => badge)).toEqual([null, null, null, null, null]);
    expect(screen.queryByText('服务器开小差了')).toBeNull();
  });

  it('ask nothing for an anonymous visitor, and forget the counts on logout', async () => {
    const { api } = setup(() => ({ unpaid: 0, toship: 0, shipping: 0, received: 0 }), null);
    await screen.findByRole('region', { name: '我的订单' });
    expect(countCalls(api)).toEqual([]);
    cleanup();

    const next = setup(() => ({ unpaid: 4, toship: 0, shipping: 0, received: 0 }));
    await waitFor(async () => expect((await entries())[0][1]).toBe('4'));
    next.api.on('/api/user/logout', () => null);
    await act(async () => void (await next.kernel.session.logout()));
    await waitFor(() => expect(orderCountStore.unpaid).toBe(0));
    expect(countCalls(next.api)).toHaveLength(1);
  });
});
