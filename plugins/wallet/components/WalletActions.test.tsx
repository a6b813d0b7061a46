import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { balancePage, moneyRow, scorePage } from '../fixtures';
import { MONEY_PATH, SCORE_PATH } from '../paths';

const PLUGINS = ['auth', 'member', 'cash', 'cdkey', 'wallet'];

function setup(path: string, enabled = [...PLUGINS]) {
  const api = fakeApi({ '/api/account/balance': () => balancePage([moneyRow(1)]), '/api/account/integral': () => scorePage([]) });
  const kernel = createTestKernel({ plugins: PLUGINS, enabled, adapter: api, user: { id: 7, money: '888.00', score: 1_200 } });
  renderRoute(kernel, path);
  return { api, kernel };
}

const actions = async () => within(await screen.findByRole('navigation', { name: '余额操作' }));

describe("the balance page's actions", () => {
  it('offers cashing out and redeeming a card key under the balance when the shop has both', async () => {
    setup(MONEY_PATH);
    const links = (await actions()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['提现', '#/user/cashOut/cashOut'],
      ['卡密兑换', '#/user/cdkey/addCdkey'],
    ]);
  });

  it('offers only what the shop has enabled', async () => {
    setup(MONEY_PATH, ['auth', 'member', 'cdkey', 'wallet']);
    expect((await actions()).getAllByRole('link').map((link) => link.textContent)).toEqual(['卡密兑换']);
  });

  it('draws no actions when the shop has neither', async () => {
    setup(MONEY_PATH, ['auth', 'member', 'wallet']);
    expect(await screen.findByRole('article', { name: '卡密兑换 +50.00' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '余额操作' })).toBeNull();
  });

  it('keeps the points page to its points', async () => {
    setup(SCORE_PATH);
    expect(await screen.findByText('当前积分')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '余额操作' })).toBeNull();
  });
});
