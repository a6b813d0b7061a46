import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, renderRoute } from '../../../tests/setup/kernel';
import { cashRecord } from '../fixtures';
import { CASH_LOG_PATH, CASH_OUT_PATH } from '../paths';

function setup(log: FakeHandler, language?: 'en') {
  const api = fakeApi({ '/api/account/cashLog': log, '/api/account/cashInfo': () => ({}), '/api/account/bankCardList': () => [] });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'cash'], adapter: api, user: { id: 7 }, language });
  renderRoute(kernel, CASH_LOG_PATH);
  return { api, kernel };
}

const record = (id: number) => within(screen.getByRole('article', { name: `提现申请 ${id}` }));
const logs = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/account/cashLog');

describe('cash-out log page', () => {
  it('shows skeletons while the log loads, then each cash-out with its state chip, amounts, card, times and reason', async () => {
    const { reply: held, release: answer } = heldReply();
    const { api } = setup(() => held);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    answer({
      list: [
        cashRecord(3),
        cashRecord(2, { state: 3, reviewtime: 1_772_420_000, paytime: 1_772_430_000 }),
        cashRecord(1, { state: 2, amount: '10.00', fee: '0.06', actual: '9.94', reason: '持卡人与实名不符', reviewtime: 1_772_420_000 }),
      ],
      total: 3,
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(record(3).getByText('待审核').className).toContain('cash-chip--pending');
    expect(record(3).getByText('中国农业银行 **** **** **** 0018')).toBeTruthy();
    expect(record(3).getByText(/^手续费/).textContent).toBe('手续费 ¥0.60 · 到账 ¥99.40');
    expect(record(3).getByText(/^申请时间/)).toBeTruthy();
    expect(record(3).queryByText(/^审核时间/)).toBeNull();
    expect(record(2).getByText('已到账').className).toContain('cash-chip--paid');
    expect(record(2).getByText(/^到账时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(record(1).getByText('已驳回')).toBeTruthy();
    expect(record(1).getByText('驳回原因：持卡人与实名不符')).toBeTruthy();
    expect(logs(api)[0].body).toEqual({ page: 1, limit: 10 });
  });

  it('invites the shopper to cash out when there is nothing yet', async () => {
    setup(() => ({ list: [], total: 0 }));
    expect(await screen.findByText('还没有提现记录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去提现' }));
    await waitFor(() => expect(currentLocation()).toBe(CASH_OUT_PATH));
  });

  it('says so, with a retry, when the log cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/account/cashLog', () => ({ list: [cashRecord(1)], total: 1 }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '提现申请 1' })).toBeTruthy();
  });

  it('loads the next page on demand', async () => {
    const { api } = setup((body) =>
      body.page === 1 ? { list: Array.from({ length: 10 }, (_, i) => cashRecord(20 - i)), total: 11 } : { list: [cashRecord(10)], total: 11 },
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(11));
    expect(logs(api).map((r) => r.body.page)).toEqual([1, 2]);
  });
});

describe('cash-out log page in English', () => {
  it('names the states and the reason in English', async () => {
    setup(() => ({ list: [cashRecord(1, { state: 2, reason: 'Name does not match', reviewtime: 1_772_420_000 })], total: 1 }), 'en');
    const item = within(await screen.findByRole('article', { name: 'Cash-out 1' }));
    expect(item.getByText('Rejected')).toBeTruthy();
    expect(item.getByText('Rejected because: Name does not match')).toBeTruthy();
    expect(item.getByText(/^Fee/).textContent).toBe('Fee ¥0.60 · To card ¥99.40');
  });
});
