import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { cashInfoReply } from '../../cash/fixtures';
import { balancePage, moneyRow } from '../fixtures';
import { MONEY_PATH } from '../paths';

const PLUGINS = ['auth', 'member', 'cash', 'wallet'];

function setup(pending: string, enabled = [...PLUGINS]) {
  const api = fakeApi({
    '/api/account/balance': () => balancePage([moneyRow(1)]),
    '/api/account/cashInfo': () => cashInfoReply({ pending }),
  });
  const kernel = createTestKernel({ plugins: PLUGINS, enabled, adapter: api, user: { id: 7, money: '888.00' } });
  renderRoute(kernel, MONEY_PATH);
  return { api, kernel };
}

describe('money held from the balance', () => {
  it('shows the pending cash-outs under the balance, leading to the cash-out log', async () => {
    setup('150.00');
    const held = within(await screen.findByRole('list', { name: '余额占用' }));
    const link = await held.findByRole('link', { name: '提现中 ¥150.00' });
    expect(link.getAttribute('href')).toBe('#/user/cashLog/cashLog');
  });

  it('shows nothing, and asks nothing, when the shop has no cash-outs', async () => {
    const { api } = setup('150.00', ['auth', 'member', 'wallet']);
    await screen.findByRole('article', { name: '卡密兑换 +50.00' });
    expect(screen.queryByRole('list', { name: '余额占用' })).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/account/cashInfo')).toBe(false);
  });
});
