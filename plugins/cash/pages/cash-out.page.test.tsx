import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { bankCard, cashInfoReply, cashRecord } from '../fixtures';
import { ADD_BANK_PATH, CASH_LOG_PATH, CASH_OUT_PATH } from '../paths';

function setup(handlers: { info?: FakeHandler; cards?: FakeHandler; apply?: FakeHandler } = {}) {
  const api = fakeApi({
    '/api/account/cashInfo': handlers.info ?? (() => cashInfoReply()),
    '/api/account/bankCardList': handlers.cards ?? (() => [bankCard(2, { bank: '招商银行' }), bankCard(1)]),
    '/api/account/applyCash': handlers.apply ?? ((body) => ({ ...cashRecord(9, { amount: String(body.amount) }), money: '400.00' })),
    '/api/account/cashLog': () => ({ list: [], total: 0 }),
  });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'cash'], adapter: api, user: { id: 7, money: '500.00' } });
  renderRoute(kernel, CASH_OUT_PATH);
  return { api, kernel };
}

const amount = () => screen.getByLabelText('提现金额') as HTMLInputElement;
const applies = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/account/applyCash');
const text = (testId: string) => screen.getByTestId(testId).textContent;
const submit = () => fireEvent.click(screen.getByRole('button', { name: '申请提现' }));

describe('cash-out page', () => {
  it('shows skeletons while the balance and cards load, then the balance, the rules and the cards to choose from', async () => {
    const { reply: held, release: answer } = heldReply();
    setup({ info: () => held });
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    answer(cashInfoReply());
    expect(await screen.findByTestId('cash-balance')).toBeTruthy();
    expect(text('cash-balance')).toBe('¥500.00');
    expect(screen.getByText('最低提现金额 ¥10.00')).toBeTruthy();
    expect(screen.getByText('手续费 0.6%，不足 1 分按 1 分收取，提交时以实际计算为准')).toBeTruthy();
    expect(screen.getByText('每日最多提现 3 次，今日已申请 1 次')).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.closest('label')?.textContent, r.checked])).toEqual([
      ['招商银行**** **** **** 1002', true],
      ['中国农业银行**** **** **** 1001', false],
    ]);
    expect(screen.getByRole('link', { name: '添加银行卡' }).getAttribute('href')).toBe(`#${ADD_BANK_PATH}?from=cashOut`);
  });

  it('asks for a bank card first when there is none', async () => {
    setup({ cards: () => [] });
    expect(await screen.findByText('请先添加一张银行卡用于提现到账')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加银行卡' }));
    await waitFor(() => expect(currentLocation()).toBe(`${ADD_BANK_PATH}?from=cashOut`));
  });

  it('says so, with a retry, when the rules or the cards cannot be loaded', async () => {
    let fail = true;
    setup({ cards: () => (fail ? failReply('服务繁忙') : [bankCard(1)]) });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('cash-balance')).toBeTruthy();
  });

  it('estimates the fee and what reaches the card as the amount is typed; "全部提现" takes the whole balance', async () => {
    setup();
    await screen.findByTestId('cash-balance');
    expect([text('cash-fee'), text('cash-actual')]).toEqual(['--', '--']);
    fireEvent.change(amount(), { target: { value: '100.01' } });
    expect([text('cash-fee'), text('cash-actual')]).toEqual(['¥0.61', '¥99.40']);
    fireEvent.click(screen.getByRole('button', { name: '全部提现' }));
    expect(amount().value).toBe('500.00');
    expect([text('cash-fee'), text('cash-actual')]).toEqual(['¥3.00', '¥497.00']);
    fireEvent.change(amount(), { target: { value: '1.001' } });
    expect(text('cash-fee')).toBe('--');
  });

  it.each([
    ['', '请输入大于0的提现金额，最多两位小数'],
    ['0', '请输入大于0的提现金额，最多两位小数'],
    ['9.99', '最低提现金额为 ¥10.00'],
    ['500.01', '余额不足'],
  ])('refuses the amount %j before sending: %s', async (typed, message) => {
    const { api } = setup();
    await screen.findByTestId('cash-balance');
    fireEvent.change(amount(), { target: { value: typed } });
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(applies(api)).toEqual([]);
  });

  it('requests the cash-out to the chosen card, updates the balance and opens the log', async () => {
    const { api, kernel } = setup();
    await screen.findByTestId('cash-balance');
    fireEvent.click(screen.getByRole('radio', { name: /中国农业银行/ }));
    fireEvent.change(amount(), { target: { value: ' 100 ' } });
    submit();
    await waitFor(() => expect(currentLocation()).toBe(CASH_LOG_PATH));
    expect(applies(api).map((r) => r.body)).toEqual([{ amount: '100', bank_id: 1, request_key: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) }]);
    expect(kernel.session.state.user?.money).toBe('400.00');
    expect(await screen.findByText('提现申请已提交')).toBeTruthy();
  });

  it("shows the server's refusal and keeps the amount; a second try sends the same key", async () => {
    const { api } = setup({ apply: () => failReply('今日提现次数已达上限（3 次），请明天再试') });
    await screen.findByTestId('cash-balance');
    fireEvent.change(amount(), { target: { value: '20' } });
    submit();
    expect(await screen.findByText('今日提现次数已达上限（3 次），请明天再试')).toBeTruthy();
    expect(amount().value).toBe('20');
    expect(currentLocation()).toBe(CASH_OUT_PATH);
    // The toast can show before the button leaves its busy state: a click on a busy button does nothing.
    await waitFor(() => expect((screen.getByRole('button', { name: '申请提现' }) as HTMLButtonElement).disabled).toBe(false));
    submit();
    await waitFor(() => expect(applies(api)).toHaveLength(2));
    expect(applies(api)[1].body.request_key).toBe(applies(api)[0].body.request_key);
  });

  it('hides the daily count when the site sets none', async () => {
    setup({ info: () => cashInfoReply({ daily_limit: 0, fee_rate: 0 }) });
    await screen.findByTestId('cash-balance');
    expect(screen.queryByText(/每日最多提现/)).toBeNull();
    expect(screen.getByText('手续费 0%，不足 1 分按 1 分收取，提交时以实际计算为准')).toBeTruthy();
  });
});

describe('cash-out page for an anonymous visitor', () => {
  it('sends them to log in first, asking the server nothing', async () => {
    const api = fakeApi({});
    renderRoute(createTestKernel({ plugins: ['auth', 'member', 'cash'], adapter: api }), CASH_OUT_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(CASH_OUT_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});
