import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { categoryTree, detail } from '../../goods/fixtures';
import { SETTLEMENT_PATH } from '../paths';

function setup(user?: { id: number }) {
  const api = fakeApi({
    '/api/goods/getGoods': () => detail(),
    '/api/goods/allCategoryTree': () => categoryTree(),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order'], adapter: api, user });
  renderRoute(kernel, '/goods/detail/detail?id=7');
  return { api, kernel };
}

describe('"立即购买" on the goods detail', () => {
  it('asks for the specs still to choose', async () => {
    setup({ id: 7 });
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(screen.getAllByText('请选择 颜色 / 存储')).toHaveLength(2)); // the page's hint and the toast
    expect(currentLocation()).toBe('/goods/detail/detail?id=7');
  });

  it('opens the settlement for one of the chosen SKU', async () => {
    setup({ id: 7 });
    await screen.findByRole('button', { name: '立即购买' });
    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    fireEvent.click(screen.getByRole('button', { name: '256G' }));
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(currentLocation()).toBe(`${SETTLEMENT_PATH}?from=buy&goods_id=7&sku_id=2&num=1`));
  });

  it('sends an anonymous visitor to log in, then back to that settlement', async () => {
    setup();
    await screen.findByRole('button', { name: '立即购买' });
    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    fireEvent.click(screen.getByRole('button', { name: '128G' }));
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    const settlement = `${SETTLEMENT_PATH}?from=buy&goods_id=7&sku_id=1&num=1`;
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(settlement)}`));
  });
});
