import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { CARDS, bankCard } from '../fixtures';
import { ADD_BANK_PATH, CASH_LOG_PATH, CASH_OUT_PATH } from '../paths';

const PLUGINS = ['auth', 'member', 'cash'];

function setup(list: FakeHandler, options: { path?: string; anonymous?: boolean; handlers?: Record<string, FakeHandler> } = {}) {
  const api = fakeApi({
    '/api/account/bankCardList': list,
    '/api/account/chkBank': (body) => ({ bank: String(body.bank_suff).startsWith('622848') ? '中国农业银行' : '', type: 'unionpay' }),
    ...options.handlers,
  });
  const kernel = createTestKernel({ plugins: PLUGINS, adapter: api, user: options.anonymous ? undefined : { id: 7 } });
  renderRoute(kernel, options.path ?? ADD_BANK_PATH);
  return { api, kernel };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === `/api/account/${path}`);
const errorOf = (label: string) => document.getElementById(input(label).getAttribute('aria-describedby') ?? '')?.textContent;
const cardItems = () => screen.queryAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

function fillIn(card = CARDS.abc) {
  type('持卡人', '王小明');
  type('卡号', card);
  type('预留手机号', '13800138000');
}

describe('add bank card page', () => {
  it("shows skeletons while the shopper's cards load, then each card masked with its bank and holder", async () => {
    const { reply: held, release: answer } = heldReply();
    setup(() => held);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    answer([bankCard(2, { bank: '招商银行' }), bankCard(1)]);
    await waitFor(() => expect(cardItems()).toEqual(['招商银行 尾号 1002', '中国农业银行 尾号 1001']));
    expect(screen.queryByTestId('skeleton')).toBeNull();
    const first = within(screen.getByRole('listitem', { name: '招商银行 尾号 1002' }));
    expect(first.getByText('**** **** **** 1002')).toBeTruthy();
    expect(first.getByText('王小明')).toBeTruthy();
  });

  it('says when there are no cards yet, and when they cannot be loaded, with a retry', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/account/bankCardList', () => []);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('还没有添加银行卡')).toBeTruthy();
  });

  it('groups the number in fours as typed and fills in the bank the number tells, asking with its first six digits', async () => {
    const { api } = setup(() => []);
    type('卡号', '62284');
    expect(input('卡号').value).toBe('6228 4');
    type('卡号', '6228480402');
    expect(input('卡号').value).toBe('6228 4804 02');
    await waitFor(() => expect(input('开户银行').value).toBe('中国农业银行'));
    expect(screen.getByText('已根据卡号识别开户银行，可修改')).toBeTruthy();
    expect(calls(api, 'chkBank').map((r) => r.body)).toEqual([{ bank_suff: '622848' }]);

    type('卡号', '4111111111111111');
    await waitFor(() => expect(screen.getByText('未能识别开户银行，请手动填写')).toBeTruthy());
    expect(input('开户银行').value).toBe('');
  });

  it("keeps a bank name the shopper typed, whatever the number says", async () => {
    setup(() => []);
    type('开户银行', '农行深圳分行');
    type('卡号', CARDS.abc);
    await waitFor(() => expect(screen.getByText('已根据卡号识别开户银行，可修改')).toBeTruthy());
    expect(input('开户银行').value).toBe('农行深圳分行');
  });

  it('checks holder, number, bank and mobile before sending, every problem at once beside its field', async () => {
    const { api } = setup(() => []);
    await screen.findByText('还没有添加银行卡');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: '添加' }));
    type('卡号', '4111 1111 1111');
    type('预留手机号', '1380013800');
    submit();
    await screen.findAllByRole('alert');
    expect(errorOf('持卡人')).toBe('请填写持卡人真实姓名（2-30个字）');
    expect(errorOf('卡号')).toBe('请输入正确的银行卡号（15-19位数字）');
    expect(errorOf('开户银行')).toBe('请填写开户银行（2-30个字）');
    expect(errorOf('预留手机号')).toBe('请输入正确的11位手机号');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(calls(api, 'addBankCard')).toEqual([]);
  });

  it('says a 16-digit number failing its check digit is wrong, not of the wrong length', async () => {
    const { api } = setup(() => []);
    await screen.findByText('还没有添加银行卡');
    fillIn('4111111111111112');
    type('开户银行', 'HSBC');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '银行卡号有误，请核对后重新输入');
    expect(errorOf('卡号')).toBe('银行卡号有误，请核对后重新输入');
    expect(calls(api, 'addBankCard')).toEqual([]);
  });

  it("shows the server's refusal of several fields beside each, with no toast", async () => {
    const problems = [
      { field: 'card', message: '银行卡号有误，请核对后重新输入' },
      { field: 'bank', message: '无法从卡号识别开户银行，请填写开户银行' },
    ];
    setup(() => [], { handlers: { '/api/account/addBankCard': () => failReply('卡号：银行卡号有误，请核对后重新输入', { ...problems[0], problems }) } });
    await screen.findByText('还没有添加银行卡');
    fillIn(CARDS.visa);
    await screen.findByText('未能识别开户银行，请手动填写');
    type('开户银行', 'HSBC');
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(errorOf('卡号')).toBe('银行卡号有误，请核对后重新输入');
    expect(errorOf('开户银行')).toBe('无法从卡号识别开户银行，请填写开户银行');
    expect(screen.queryByText('卡号：银行卡号有误，请核对后重新输入')).toBeNull();
    expect(input('持卡人').value).toBe('王小明');
  });

  it('adds the card with its digits only, clears the form and shows it in the list', async () => {
    let cards = [bankCard(1)];
    const { api } = setup(() => cards, {
      handlers: {
        '/api/account/addBankCard': () => {
          cards = [bankCard(2), ...cards];
          return cards[0];
        },
      },
    });
    await waitFor(() => expect(cardItems()).toHaveLength(1));
    fillIn(CARDS.abc.replace(/(\d{4})/g, '$1 '));
    await waitFor(() => expect(input('开户银行').value).toBe('中国农业银行'));
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('银行卡已添加')).toBeTruthy();
    expect(calls(api, 'addBankCard').map((r) => r.body)).toEqual([{ holder: '王小明', card: CARDS.abc, bank: '中国农业银行', mobile: '13800138000' }]);
    await waitFor(() => expect(cardItems()).toHaveLength(2));
    expect([input('持卡人').value, input('卡号').value, input('开户银行').value, input('预留手机号').value]).toEqual(['', '', '', '']);
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    setup(() => [], { handlers: { '/api/account/addBankCard': () => failReply('尾号 0018 的银行卡已添加过') } });
    fillIn();
    await waitFor(() => expect(input('开户银行').value).toBe('中国农业银行'));
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    expect(await screen.findByText('尾号 0018 的银行卡已添加过')).toBeTruthy();
    expect(input('持卡人').value).toBe('王小明');
  });

  it('goes back to the cash-out once a card is added there', async () => {
    const { kernel } = setup(() => [], { path: CASH_LOG_PATH, handlers: { '/api/account/addBankCard': () => bankCard(3), '/api/account/cashLog': () => ({ list: [], total: 0 }) } });
    kernel.nav.to(CASH_OUT_PATH);
    kernel.nav.to(ADD_BANK_PATH, { from: 'cashOut' });
    await screen.findByText('还没有添加银行卡');
    fillIn();
    await waitFor(() => expect(input('开户银行').value).toBe('中国农业银行'));
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(currentLocation()).toBe(CASH_OUT_PATH));
  });

  it('deletes a card after the shopper confirms, then reloads the list', async () => {
    let cards = [bankCard(2), bankCard(1)];
    const { api } = setup(() => cards, {
      handlers: {
        '/api/account/delBankCard': (body) => {
          cards = cards.filter((c) => c.id !== body.bank_id);
          return { bank_id: body.bank_id };
        },
      },
    });
    await waitFor(() => expect(cardItems()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '删除尾号 1002 的银行卡' }));
    expect(await screen.findByText('确定删除中国农业银行尾号 1002 的银行卡吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(cardItems()).toEqual(['中国农业银行 尾号 1001']));
    expect(calls(api, 'delBankCard').map((r) => r.body)).toEqual([{ bank_id: 2 }]);
  });

  it('deletes nothing when the shopper cancels', async () => {
    const { api } = setup(() => [bankCard(1)]);
    await waitFor(() => expect(cardItems()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '删除尾号 1001 的银行卡' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText('确定删除中国农业银行尾号 1001 的银行卡吗？')).toBeNull());
    expect(calls(api, 'delBankCard')).toEqual([]);
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = setup(() => [], { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(ADD_BANK_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});

describe('the member centre entries', () => {
  it('puts cash-out, its log and bank cards in `member.wallet`, each needing a login', () => {
    const kernel = createTestKernel({ plugins: PLUGINS });
    const items = kernel.menu.slot('member.wallet').filter((e) => e.plugin === 'cash');
    expect(items.map((e) => [e.label, e.to, e.auth])).toEqual([
      ['cash:menu.cash_out', CASH_OUT_PATH, true],
      ['cash:menu.cash_log', CASH_LOG_PATH, true],
      ['cash:menu.bank', ADD_BANK_PATH, true],
    ]);
    expect(items.every((e) => isIconName(e.icon))).toBe(true);
  });
});
