import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { REQUEST_KEY } from '@kernel/core/request-key';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { ADD_CDKEY_PATH } from '../paths';

function setup(handlers: Record<string, FakeHandler> = {}, options: { withWallet?: boolean; language?: 'en'; query?: string } = {}) {
  const api = fakeApi(handlers);
  const plugins = options.withWallet ? ['auth', 'wallet', 'cdkey'] : ['auth', 'cdkey'];
  const kernel = createTestKernel({ plugins, adapter: api, user: { id: 7, money: '10.00', score: 20 }, language: options.language });
  renderRoute(kernel, `${ADD_CDKEY_PATH}${options.query ?? ''}`);
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
const redeem = () => fireEvent.click(screen.getByRole('button', { name: '立即兑换' }));
const applied = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/user/applyCdkey').map((r) => r.body);

describe('redeem a card key', () => {
  it('draws its own bar with the title, the balance and points now, and an empty form with a hint', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: '卡密兑换' })).toBeTruthy();
    expect(screen.getByTestId('cdkey-money').textContent).toBe('¥10.00');
    expect(screen.getByTestId('cdkey-score').textContent).toBe('20');
    expect((screen.getByLabelText('卡号') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('卡号和卡密印在卡片上，不区分大小写，空格和短横线可省略。')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the card number and the password at once, each beside its field, before calling', async () => {
    const { api } = setup();
    await screen.findByLabelText('卡号');
    redeem();
    expect(errorOf('卡号')).toBe('请输入卡号');
    expect(errorOf('卡密')).toBe('请输入卡密');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    type('卡号', '8812345678901234');
    redeem();
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['请输入卡密']);
    expect(applied(api)).toEqual([]);
  });

  it("shows the server's refusal of both fields beside each, and nothing by the form", async () => {
    const problems = [
      { field: 'card', message: '不能超过 64 个字符' },
      { field: 'password', message: '不能超过 64 个字符' },
    ];
    setup({ '/api/user/applyCdkey': () => failReply('卡号：不能超过 64 个字符', { ...problems[0], problems }) });
    await screen.findByLabelText('卡号');
    type('卡号', '8812345678901234');
    type('卡密', 'WRONGWRONG12');
    redeem();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(errorOf('卡号')).toBe('不能超过 64 个字符');
    expect(errorOf('卡密')).toBe('不能超过 64 个字符');
    expect(screen.queryByText('卡号：不能超过 64 个字符')).toBeNull();
  });

  it('redeems: the button waits, then says what was credited, and the session takes the new balance', async () => {
    const { reply: held, release: answer } = heldReply();
    const { api, kernel } = setup({ '/api/user/applyCdkey': () => held });
    await screen.findByLabelText('卡号');
    type('卡号', ' 8812 3456 7890 1234 ');
    type('卡密', 'abcd-efgh-jkmn');
    redeem();
    await waitFor(() => expect(applied(api)).toHaveLength(1));
    expect(screen.getByRole('button', { name: /立即兑换/ }).hasAttribute('disabled')).toBe(true);
    redeem();
    answer({ kind: 'balance', amount: '50.00', money: '60.00', score: 20 });
    expect(await screen.findByText('余额 +¥50.00')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('兑换成功');
    expect(applied(api)).toEqual([{ user_id: 7, card: '8812 3456 7890 1234', password: 'abcd-efgh-jkmn', request_key: expect.stringMatching(REQUEST_KEY) }]);
    expect(kernel.session.state.user).toMatchObject({ money: '60.00', score: 20 });
    expect(screen.getByTestId('cdkey-money').textContent).toBe('¥60.00');
    // Without the wallet's pages there is no ledger to go to.
    expect(screen.queryByRole('link', { name: '查看余额明细' })).toBeNull();
  });

  it('after points, leads to the score ledger when the wallet is on, or to another card, sent with a request key of its own', async () => {
    const { api } = setup({ '/api/user/applyCdkey': () => ({ kind: 'score', amount: 100, money: '10.00', score: 120 }) }, { withWallet: true });
    await screen.findByLabelText('卡号');
    type('卡号', '8812345678901234');
    type('卡密', 'ABCDEFGHJKMN');
    redeem();
    expect(await screen.findByText('积分 +100')).toBeTruthy();
    expect(screen.getByTestId('cdkey-score').textContent).toBe('120');
    expect(screen.getByRole('link', { name: '查看积分明细' }).getAttribute('href')).toBe('#/user/score/score');
    fireEvent.click(screen.getByRole('button', { name: '继续兑换' }));
    expect((screen.getByLabelText('卡号') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('卡密') as HTMLInputElement).value).toBe('');
    type('卡号', '8812345678905678');
    type('卡密', 'ABCDEFGHJKMP');
    redeem();
    await waitFor(() => expect(applied(api)).toHaveLength(2));
    expect(applied(api)[1].request_key).not.toBe(applied(api)[0].request_key);
  });

  it("shows the server's refusal by the form and keeps what was typed", async () => {
    const { api } = setup({ '/api/user/applyCdkey': () => failReply('卡号或卡密错误') });
    await screen.findByLabelText('卡号');
    type('卡号', '8812345678901234');
    type('卡密', 'WRONGWRONG12');
    redeem();
    expect((await screen.findByRole('alert')).textContent).toBe('卡号或卡密错误');
    expect((screen.getByLabelText('卡密') as HTMLInputElement).value).toBe('WRONGWRONG12');
    api.on('/api/user/applyCdkey', () => failReply('尝试次数过多，请 600 秒后再试'));
    redeem();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('尝试次数过多，请 600 秒后再试'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reads in English', async () => {
    setup({}, { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'Redeem a card key' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['Please enter the card number', 'Please enter the card password']);
  });

  it('sends an anonymous visitor to log in first', async () => {
    const api = fakeApi({});
    renderRoute(createTestKernel({ plugins: ['auth', 'cdkey'], adapter: api }), ADD_CDKEY_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(ADD_CDKEY_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('puts 卡密兑换 in the member centre’s wallet and on the balance page, and 卡密充值 among the ways to top up a payment', () => {
    const kernel = createTestKernel({ plugins: ['auth', 'cdkey'] });
    const entries = (slot: string) => kernel.menu.slot(slot).filter((e) => e.plugin === 'cdkey').map((e) => [kernel.i18n.t(e.label), e.to, e.auth, e.icon]);
    expect(entries('member.wallet')).toEqual([['卡密兑换', ADD_CDKEY_PATH, true, 'key']]);
    expect(entries('wallet.actions')).toEqual([['卡密兑换', ADD_CDKEY_PATH, true, 'key']]);
    expect(entries('order.topup')).toEqual([['卡密充值', ADD_CDKEY_PATH, true, 'key']]);
  });
});

describe('redeem a card key and go back', () => {
  const WALLET = '/user/money/money?type=income';
  const redeemed = { kind: 'balance', amount: '50.00', money: '60.00', score: 20 };

  it('goes straight back to `returnTo` once redeemed, saying what was credited', async () => {
    const { kernel } = setup({ '/api/user/applyCdkey': () => redeemed }, { withWallet: true, query: `?returnTo=${encodeURIComponent(WALLET)}` });
    expect(await screen.findByText('兑换成功后将自动返回，继续刚才的操作。')).toBeTruthy();
    type('卡号', '8812345678901234');
    type('卡密', 'ABCDEFGHJKMN');
    redeem();
    await waitFor(() => expect(currentLocation()).toBe(WALLET));
    expect(await screen.findByText('兑换成功，余额 +¥50.00')).toBeTruthy();
    expect(kernel.session.state.user?.money).toBe('60.00');
  });

  it('stays, with the success panel, when `returnTo` leaves the app or names no page', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/no/such/page']) {
      const { api } = setup({ '/api/user/applyCdkey': () => redeemed }, { query: `?returnTo=${encodeURIComponent(returnTo)}` });
      await screen.findByLabelText('卡号');
      expect(screen.queryByText('兑换成功后将自动返回，继续刚才的操作。'), returnTo).toBeNull();
      type('卡号', '8812345678901234');
      type('卡密', 'ABCDEFGHJKMN');
      redeem();
      expect(await screen.findByText('余额 +¥50.00')).toBeTruthy();
      expect(currentLocation()).toBe(`${ADD_CDKEY_PATH}?returnTo=${encodeURIComponent(returnTo)}`);
      expect(applied(api)).toHaveLength(1);
      cleanup();
    }
  });

  it('stays on the form when the card is refused, however it was opened', async () => {
    setup({ '/api/user/applyCdkey': () => failReply('卡号或卡密错误') }, { withWallet: true, query: `?returnTo=${encodeURIComponent(WALLET)}` });
    await screen.findByLabelText('卡号');
    type('卡号', '8812345678901234');
    type('卡密', 'WRONGWRONG12');
    redeem();
    expect((await screen.findByRole('alert')).textContent).toBe('卡号或卡密错误');
    expect(currentLocation()).toBe(`${ADD_CDKEY_PATH}?returnTo=${encodeURIComponent(WALLET)}`);
  });
});
