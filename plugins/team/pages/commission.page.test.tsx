import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import type { CommissionPage, CommissionRecord, CommissionTotals } from '../contract';
import { COMMISSION_PATH, INVITE_PATH } from '../paths';

/** Unix seconds of a local wall-clock time, so the shown time reads the same in any time zone. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) => Math.floor(new Date(year, month - 1, day, hour, minute).getTime() / 1000);

const record = (id: number, fields: Partial<CommissionRecord> = {}): CommissionRecord => ({
  id,
  order_no: `2026030200${id}`,
  buyer: `买家${id}`,
  level: 1,
  via: 'invite',
  amount: '9.90',
  base: '99.00',
  rate: '10%',
  state: 'frozen',
  created_at: at(2026, 3, 2, 10, 30),
  release_at: null,
  released_at: null,
  reversed_at: null,
  clawed_at: null,
  ...fields,
});

const TOTALS: CommissionTotals = { frozen: '19.80', available: '120.50', paid_out: '150.00', owed: '0.00' };

const reply = (list: CommissionRecord[], fields: Partial<CommissionPage> = {}): CommissionPage => ({ totals: TOTALS, list, total: list.length, page: 1, limit: 10, ...fields });

function setup(commission: FakeHandler, options: { path?: string; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/team/commission': commission });
  const kernel = createTestKernel({ plugins: ['team'], adapter: api, user: { id: 7 }, language: options.language });
  renderRoute(kernel, options.path ?? COMMISSION_PATH);
  return { api, kernel };
}

const asked = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/team/commission').map((r) => r.body);
const card = (orderNo: string) => within(screen.getByRole('article', { name: `订单号 ${orderNo}` }));
const total = (name: string) => screen.getByRole('group', { name });
const steps = (orderNo: string) =>
  card(orderNo)
    .getAllByRole('listitem')
    .map((step) => [step.querySelector('.team-commission__step-label')?.textContent, step.querySelector('.team-commission__step-time')?.textContent]);

describe('my commission page', () => {
  it('shows skeletons, then the totals and the records with order, buyer, level, amount, base × rate and state', async () => {
    const { reply: held, release } = heldReply();
    const { api } = setup(() => held);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    release(reply([record(2, { level: 2, buyer: '小陈', amount: '4.95', rate: '5%' }), record(1, { buyer: '小白', via: 'agent', state: 'available', release_at: at(2026, 3, 10), released_at: at(2026, 3, 10, 0, 5) })]));

    expect(await screen.findByRole('article', { name: '订单号 20260302002' })).toBeTruthy();
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['订单号 20260302002', '订单号 20260302001']);
    expect(total('冻结中').textContent).toBe('¥19.80冻结中');
    expect(total('已到账').textContent).toBe('¥120.50已到账');
    expect(total('累计到账').textContent).toBe('¥150.00累计到账');
    expect(total('待追回欠款').textContent).toBe('¥0.00待追回欠款');
    expect(total('待追回欠款').className).not.toContain('team-commission-total--owed');
    expect(screen.queryByRole('note')).toBeNull();

    expect(card('20260302002').getByText('二级')).toBeTruthy();
    expect(card('20260302002').getByText('买家 小陈')).toBeTruthy();
    expect(card('20260302002').getByText('订单实付 ¥99.00 × 5%')).toBeTruthy();
    expect(card('20260302002').getByText('冻结中')).toBeTruthy();
    expect(screen.getByRole('article', { name: '订单号 20260302002' }).querySelector('.sf-price')?.textContent).toBe('¥4.95');
    expect(card('20260302001').getByText('一级')).toBeTruthy();
    // Earned through the shopper's goods link, not their team.
    expect(card('20260302001').getByText('推广链接')).toBeTruthy();
    expect(card('20260302002').queryByText('推广链接')).toBeNull();
    expect(card('20260302001').getByText('订单实付 ¥99.00 × 10%')).toBeTruthy();
    expect(card('20260302001').getByText('已到账')).toBeTruthy();
    expect(asked(api)).toEqual([{ page: 1, limit: 10 }]);
  });

  it('highlights what is still owed after a take-back, and says it comes out of the next commission', async () => {
    setup(() => reply([record(1)], { totals: { ...TOTALS, owed: '3.20' } }));
    await screen.findByRole('article', { name: '订单号 20260302001' });
    expect(total('待追回欠款').className).toContain('team-commission-total--owed');
    expect(total('已到账').className).not.toContain('team-commission-total--owed');
    expect(screen.getByRole('note').textContent).toBe('有 ¥3.20 已到账的佣金因订单退款需要追回，但当时余额不足，将从您下一笔到账的佣金中扣除。');
  });

  it('asks for one state when its tab is chosen, keeps the tab in the URL, and keeps the totals', async () => {
    const { api } = setup((body) => (body.state === 'clawed' ? reply([record(9, { state: 'clawed', release_at: at(2026, 3, 9), released_at: at(2026, 3, 9), clawed_at: at(2026, 3, 12) })]) : reply([record(1)])));
    await screen.findByRole('article', { name: '订单号 20260302001' });
    fireEvent.click(screen.getByRole('tab', { name: '已追回' }));
    expect(await screen.findByRole('article', { name: '订单号 20260302009' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: '订单号 20260302001' })).toBeNull();
    expect(currentLocation()).toBe(`${COMMISSION_PATH}?state=clawed`);
    expect(screen.getByRole('tab', { name: '已追回' }).getAttribute('aria-selected')).toBe('true');
    expect(total('已到账').textContent).toBe('¥120.50已到账');

    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(await screen.findByRole('article', { name: '订单号 20260302001' })).toBeTruthy();
    expect(currentLocation()).toBe(COMMISSION_PATH);
    expect(asked(api)).toEqual([
      { page: 1, limit: 10 },
      { state: 'clawed', page: 1, limit: 10 },
      { page: 1, limit: 10 },
    ]);
  });

  it('opens on the tab the URL names, each state its own; an unknown one is all', async () => {
    const { api } = setup(() => reply([]), { path: `${COMMISSION_PATH}?state=reversed` });
    expect(await screen.findByText('没有失效的佣金')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['全部', 'false'],
      ['冻结中', 'false'],
      ['已到账', 'false'],
      ['已失效', 'true'],
      ['已追回', 'false'],
    ]);
    for (const state of ['frozen', 'available']) {
      fireEvent.click(screen.getAllByRole('tab')[state === 'frozen' ? 1 : 2]);
      await waitFor(() => expect(asked(api).at(-1)).toEqual({ state, page: 1, limit: 10 }));
    }
    expect(asked(api)[0]).toEqual({ state: 'reversed', page: 1, limit: 10 });
  });

  it('asks for all records when the URL names no known state', async () => {
    const { api } = setup(() => reply([record(1)]), { path: `${COMMISSION_PATH}?state=paid` });
    await screen.findByRole('article', { name: '订单号 20260302001' });
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    expect(asked(api)).toEqual([{ page: 1, limit: 10 }]);
  });

  it('loads the next page on demand', async () => {
    const { api } = setup((body) =>
      body.page === 1 ? reply(Array.from({ length: 10 }, (_, i) => record(20 - i)), { total: 11 }) : reply([record(5, { buyer: '最早的买家' })], { total: 11, page: 2 }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('买家 最早的买家')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(11);
    expect(asked(api).map((body) => body.page)).toEqual([1, 2]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('draws each record’s timeline: earned, then due (or when the order completes), then credited, reversed or taken back', async () => {
    setup(() =>
      reply([
        record(1),
        record(2, { release_at: at(2026, 3, 17, 9) }),
        record(3, { state: 'available', release_at: at(2026, 3, 17, 9), released_at: at(2026, 3, 17, 9, 1) }),
        record(4, { state: 'reversed', reversed_at: at(2026, 3, 4, 12) }),
        record(5, { state: 'clawed', release_at: at(2026, 3, 17, 9), released_at: at(2026, 3, 17, 9, 1), clawed_at: at(2026, 3, 20, 8) }),
      ]),
    );
    await screen.findByRole('article', { name: '订单号 20260302005' });
    const earned = ['获得', '2026-03-02 10:30:00'];
    expect(steps('20260302001')).toEqual([earned, ['解冻', '待订单完成']]);
    expect(steps('20260302002')).toEqual([earned, ['解冻', '2026-03-17 09:00:00']]);
    expect(steps('20260302003')).toEqual([earned, ['解冻', '2026-03-17 09:00:00'], ['到账', '2026-03-17 09:01:00']]);
    expect(steps('20260302004')).toEqual([earned, ['失效（订单退款）', '2026-03-04 12:00:00']]);
    expect(steps('20260302005')).toEqual([earned, ['解冻', '2026-03-17 09:00:00'], ['到账', '2026-03-17 09:01:00'], ['追回（订单退款）', '2026-03-20 08:00:00']]);
    // What a frozen record waits for is marked as not done yet.
    expect(card('20260302001').getAllByRole('listitem')[1].className).toContain('team-commission__step--waiting');
    expect(card('20260302003').getAllByRole('listitem')[1].className).toContain('team-commission__step--done');
    // Reversed and taken-back amounts are struck through.
    expect(screen.getByRole('article', { name: '订单号 20260302004' }).querySelector('del.sf-price')).toBeTruthy();
    expect(screen.getByRole('article', { name: '订单号 20260302005' }).querySelector('del.sf-price')).toBeTruthy();
    expect(screen.getByRole('article', { name: '订单号 20260302003' }).querySelector('del')).toBeNull();
  });

  it('invites the shopper to invite friends when there is no commission yet, and shows the totals all the same', async () => {
    setup(() => reply([], { totals: { frozen: '0.00', available: '0.00', paid_out: '0.00', owed: '0.00' } }));
    expect(await screen.findByText('还没有佣金。邀请好友来下单，佣金就会出现在这里')).toBeTruthy();
    expect(total('累计到账').textContent).toBe('¥0.00累计到账');
    fireEvent.click(screen.getByRole('button', { name: '邀请好友' }));
    await waitFor(() => expect(currentLocation()).toBe(INVITE_PATH));
  });

  it('says nothing was taken back, without the invite button, when that tab is empty', async () => {
    setup(() => reply([]), { path: `${COMMISSION_PATH}?state=clawed` });
    expect(await screen.findByText('没有被追回的佣金')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '邀请好友' })).toBeNull();
  });

  it('says so, with a retry, when the commission cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '冻结中' })).toBeNull();
    expect(screen.queryByTestId('skeleton')).toBeNull();
    api.on('/api/team/commission', () => reply([record(1)]));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '订单号 20260302001' })).toBeTruthy();
    expect(total('冻结中').textContent).toBe('¥19.80冻结中');
  });
});

describe('my commission page in English', () => {
  it('names the totals, tabs, level, reckoning, state and timeline in English', async () => {
    setup(() => reply([record(1, { level: 2 })], { totals: { ...TOTALS, owed: '1.00' } }), { language: 'en' });
    const article = await screen.findByRole('article', { name: 'Order 20260302001' });
    const inCard = within(article);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Frozen', 'Credited', 'Reversed', 'Taken back']);
    expect(screen.getByRole('group', { name: 'Credited in total' }).textContent).toBe('¥150.00Credited in total');
    expect(screen.getByRole('group', { name: 'Owed' }).className).toContain('team-commission-total--owed');
    expect(screen.getByRole('note').textContent).toContain('deducted from your next credited commission');
    expect(inCard.getByText('Indirect')).toBeTruthy();
    expect(inCard.getByText('Buyer 买家1')).toBeTruthy();
    expect(inCard.getByText('Order paid ¥99.00 × 10%')).toBeTruthy();
    expect(inCard.getByText('Frozen')).toBeTruthy();
    expect(inCard.getByText('Earned')).toBeTruthy();
    expect(inCard.getByText('When the order completes')).toBeTruthy();
  });

  it('says there is no commission yet in English', async () => {
    setup(() => reply([]), { language: 'en' });
    expect(await screen.findByText('No commission yet. Invite friends to shop and their orders earn you commission here')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite friends' })).toBeTruthy();
  });
});
