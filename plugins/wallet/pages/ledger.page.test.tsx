import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { at, balancePage, moneyRow, scorePage, scoreRow } from '../fixtures';
import { MONEY_PATH, SCORE_PATH } from '../paths';

function setup(path: string, handlers: Record<string, FakeHandler>, user = { id: 7, money: '888.00', score: 1_200 }) {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['auth', 'wallet'], adapter: api, user });
  renderRoute(kernel, path);
  return { api, kernel };
}

const asked = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);
const current = () => screen.getByTestId('wallet-current').textContent;
const line = (name: string) => within(screen.getByRole('article', { name }));

describe('balance page', () => {
  it('shows the balance big at the top, then each booking: reason, memo, time, signed amount and the balance after', async () => {
    const reply = heldReply();
    const { api, kernel } = setup(MONEY_PATH, { '/api/account/balance': () => reply.reply });
    // The session's balance shows at once; the reply's is the truth, and the session takes it.
    expect((await screen.findByTestId('wallet-current')).textContent).toBe('¥888.00');
    reply.release(
      balancePage([
        moneyRow(2, { memo: '卡号 8812345678901234' }),
        moneyRow(1, { amount: '-12.50', balance_after: '888.00', reason: '订单支付', createtime: at(2026, 3, 1, 9, 5, 0) }),
      ]),
    );
    expect(await screen.findByRole('article', { name: '卡密兑换 +50.00' })).toBeTruthy();
    expect(line('卡密兑换 +50.00').getByText('卡号 8812345678901234')).toBeTruthy();
    expect(line('卡密兑换 +50.00').getByText('2026-03-02 10:30:05')).toBeTruthy();
    expect(line('卡密兑换 +50.00').getByText('余额 938.00')).toBeTruthy();
    expect(line('订单支付 -12.50').getByText('2026-03-01 09:05:00')).toBeTruthy();
    expect(current()).toBe('¥938.00');
    expect(kernel.session.state.user?.money).toBe('938.00');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['全部', '收入', '支出']);
    expect(asked(api, '/api/account/balance')).toEqual([{ type: 0, page: 1, limit: 20 }]);
  });

  it('asks for income or expense only on its tab, kept in the URL', async () => {
    const { api } = setup(MONEY_PATH, { '/api/account/balance': () => balancePage([moneyRow(1)]) });
    await screen.findByRole('article', { name: '卡密兑换 +50.00' });
    fireEvent.click(screen.getByRole('tab', { name: '支出' }));
    await waitFor(() => expect(currentLocation()).toBe(`${MONEY_PATH}?type=expense`));
    await waitFor(() => expect(asked(api, '/api/account/balance').at(-1)).toEqual({ type: 2, page: 1, limit: 20 }));
    expect(screen.getByRole('tab', { name: '支出' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '收入' }));
    await waitFor(() => expect(asked(api, '/api/account/balance').at(-1)).toEqual({ type: 1, page: 1, limit: 20 }));
  });

  it('shows skeletons while the first page loads', async () => {
    const reply = heldReply();
    setup(MONEY_PATH, { '/api/account/balance': () => reply.reply });
    await waitFor(() => expect(document.querySelector('.sf-skeleton')).not.toBeNull());
    expect(screen.queryByRole('article')).toBeNull();
    reply.release(balancePage([moneyRow(1)]));
    expect(await screen.findByRole('article', { name: '卡密兑换 +50.00' })).toBeTruthy();
  });

  it('says when a tab has nothing, and when the ledger cannot be loaded, with a retry', async () => {
    const { api } = setup(`${MONEY_PATH}?type=income`, { '/api/account/balance': () => balancePage([]) });
    expect(await screen.findByText('还没有收入记录')).toBeTruthy();
    api.on('/api/account/balance', () => failReply('服务繁忙'));
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/account/balance', () => balancePage([moneyRow(3)]));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '卡密兑换 +50.00' })).toBeTruthy();
  });

  it('loads older bookings page by page', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => moneyRow(25 - i, { reason: `记录${25 - i}` }));
    setup(MONEY_PATH, {
      '/api/account/balance': (body) => balancePage(rows.slice((Number(body.page) - 1) * 20, Number(body.page) * 20), { total: 25, page: Number(body.page) }),
    });
    await screen.findByRole('article', { name: '记录25 +50.00' });
    expect(screen.queryByRole('article', { name: '记录5 +50.00' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('article', { name: '记录1 +50.00' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(25);
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const api = fakeApi({});
    const kernel = createTestKernel({ plugins: ['auth', 'wallet'], adapter: api });
    renderRoute(kernel, MONEY_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(MONEY_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});

describe('score page', () => {
  it('shows the points and the score ledger with signed whole numbers', async () => {
    const reply = heldReply();
    const { api, kernel } = setup(SCORE_PATH, { '/api/account/integral': () => reply.reply });
    expect((await screen.findByTestId('wallet-current')).textContent).toBe('1200');
    reply.release(scorePage([scoreRow(2), scoreRow(1, { amount: -200, balance_after: 1_200, reason: '积分抽奖' })]));
    expect(await screen.findByRole('article', { name: '卡密兑换 +100' })).toBeTruthy();
    expect(line('卡密兑换 +100').getByText('结余 1300 积分')).toBeTruthy();
    expect(line('积分抽奖 -200').getByText('结余 1200 积分')).toBeTruthy();
    expect(current()).toBe('1300');
    expect(kernel.session.state.user?.score).toBe(1_300);
    expect(asked(api, '/api/account/integral')).toEqual([{ type: 0, page: 1, limit: 20 }]);
  });

  it('says when there are no points yet, and when they cannot be loaded', async () => {
    const { api } = setup(SCORE_PATH, { '/api/account/integral': () => scorePage([], { score: 0 }) });
    expect(await screen.findByText('还没有明细')).toBeTruthy();
    api.on('/api/account/integral', () => ({ status: 500 }));
    fireEvent.click(screen.getByRole('tab', { name: '支出' }));
    expect(await screen.findByText(/服务器内部错误/)).toBeTruthy();
  });

  it('reads in English', async () => {
    const api = fakeApi({ '/api/account/integral': () => scorePage([scoreRow(1, { reason: 'Card key' })]) });
    const kernel = createTestKernel({ plugins: ['auth', 'wallet'], adapter: api, user: { id: 7, score: 5 }, language: 'en' });
    renderRoute(kernel, SCORE_PATH);
    expect(await screen.findByText('1300 points left')).toBeTruthy();
    expect(screen.getByText('Current points')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Income', 'Expense']);
  });
});

describe('in the member centre', () => {
  it('provides the routes its balance and score tiles link to once they exist', () => {
    const kernel = createTestKernel({ plugins: ['auth', 'wallet'] });
    expect(kernel.routes.find(MONEY_PATH)).toMatchObject({ navBar: 'default', auth: true });
    expect(kernel.routes.find(SCORE_PATH)).toMatchObject({ navBar: 'default', auth: true });
  });
});
