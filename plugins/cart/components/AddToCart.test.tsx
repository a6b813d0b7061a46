import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import type { GoodsDetail } from '@plugins/goods/contract';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { cartLine, cartView } from '../fixtures';
import { cartStore, emptyCart } from '../store';

/** A teapot in two colours and two sizes; green/large has 3 left. */
const teapot: GoodsDetail = {
  id: 7, category_id: 11, name: '紫砂壶', subtitle: '', image: '/pot.svg', price: '199.00', market_price: '0.00', sales: 12, stock: 16,
  unit: '把', brand_name: '', recommend: false, images: ['/pot.svg'], model: '', packing_list: '', brand: null,
  category: { id: 11, name: '茶具', parentId: 1 }, detail: '', created_at: 1_750_000_000,
  specs: [{ name: '颜色', values: ['朱泥', '绿泥'] }, { name: '容量', values: ['小', '大'] }],
  skus: [
    { id: 71, spec: { 颜色: '朱泥', 容量: '小' }, price: '199.00', stock: 5, image: '' },
    { id: 72, spec: { 颜色: '朱泥', 容量: '大' }, price: '259.00', stock: 4, image: '' },
    { id: 73, spec: { 颜色: '绿泥', 容量: '小' }, price: '199.00', stock: 4, image: '' },
    { id: 74, spec: { 颜色: '绿泥', 容量: '大' }, price: '259.00', stock: 3, image: '/pot-green.svg' },
  ],
};

function open(add: FakeHandler, options: { anonymous?: boolean; goods?: GoodsDetail } = {}) {
  const api = fakeApi({
    '/api/goods/getGoods': () => options.goods ?? teapot,
    '/api/user/reloadUserCart': () => ({ userInfo: cartView() }),
    '/api/cart/add': add,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart'], adapter: api, user: options.anonymous ? undefined : { id: 7 } });
  renderRoute(kernel, '/goods/detail/detail?id=7');
  return { api, kernel };
}

const adds = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/cart/add').map((r) => r.body);
const button = () => screen.findByRole('button', { name: '加入购物车' });

beforeEach(() => {
  Object.assign(cartStore, emptyCart());
});

describe('"加入购物车" on the goods detail', () => {
  it('asks for the specs still to choose before anything else', async () => {
    const { api } = open(() => cartView());
    fireEvent.click(await button());
    expect(await screen.findByText('请选择 颜色 / 容量')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绿泥' }));
    fireEvent.click(await button());
    expect(await screen.findByText('请选择 容量')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adds(api)).toEqual([]);
  });

  it('adds the chosen SKU in the quantity picked in its sheet, within the stock, and updates the cart count', async () => {
    const { api } = open((body) => cartView(cartLine(1, { sku_id: 74, sale_num: Number(body.num) })));
    fireEvent.click(await screen.findByRole('button', { name: '绿泥' }));
    fireEvent.click(screen.getByRole('button', { name: '大' }));
    fireEvent.click(await button());

    const sheet = await screen.findByRole('dialog', { name: '加入购物车' });
    expect(sheet.querySelector('.sf-price')?.textContent).toBe('¥259.00');
    expect(within(sheet).getByText('绿泥 / 大')).toBeTruthy();
    expect(within(sheet).getByText('库存 3 件')).toBeTruthy();
    const more = within(sheet).getByRole('button', { name: '增加' });
    for (let i = 0; i < 4; i++) fireEvent.click(more);
    expect((within(sheet).getByLabelText('数量') as HTMLInputElement).value).toBe('3');
    expect(more.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(sheet).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已加入购物车')).toBeTruthy();
    expect(adds(api)).toEqual([{ goods_id: 7, sku_id: 74, num: 3 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cartStore.count).toBe(3);
  });

  it('says the stock when a typed quantity is more than there is', async () => {
    open(() => cartView());
    fireEvent.click(await screen.findByRole('button', { name: '绿泥' }));
    fireEvent.click(screen.getByRole('button', { name: '大' }));
    fireEvent.click(await button());
    const sheet = await screen.findByRole('dialog', { name: '加入购物车' });
    fireEvent.change(within(sheet).getByLabelText('数量'), { target: { value: '999' } });
    expect(await screen.findByText('库存仅 3 件，数量已改为 3')).toBeTruthy();
    expect((within(sheet).getByLabelText('数量') as HTMLInputElement).value).toBe('3');
  });

  it("shows the server's refusal and keeps the sheet open to change the quantity", async () => {
    open(() => failReply('购物车中已有 3 件“紫砂壶”，已达库存上限'));
    fireEvent.click(await screen.findByRole('button', { name: '绿泥' }));
    fireEvent.click(screen.getByRole('button', { name: '大' }));
    fireEvent.click(await button());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('购物车中已有 3 件“紫砂壶”，已达库存上限')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '加入购物车' })).toBeTruthy();
  });

  it('adds a goods without specs directly in its sheet', async () => {
    const plain: GoodsDetail = { ...teapot, specs: [], skus: [{ id: 80, spec: {}, price: '19.90', stock: 8, image: '' }] };
    const { api } = open(() => cartView(cartLine(1)), { goods: plain });
    fireEvent.click(await button());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(adds(api)).toEqual([{ goods_id: 7, sku_id: 80, num: 1 }]));
  });

  it('says a sold-out goods is sold out instead of opening the sheet', async () => {
    const soldOut: GoodsDetail = { ...teapot, specs: [], stock: 0, skus: [{ id: 80, spec: {}, price: '19.90', stock: 0, image: '' }] };
    const { api } = open(() => cartView(), { goods: soldOut });
    fireEvent.click(await button());
    expect(await screen.findByText('已售罄', { selector: '.sf-toast *, .sf-toast' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adds(api)).toEqual([]);
  });

  it('sends an anonymous visitor to log in, and back to the goods afterwards', async () => {
    const { api } = open(() => cartView(), { anonymous: true });
    fireEvent.click(await button());
    expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent('/goods/detail/detail?id=7')}`);
    expect(adds(api)).toEqual([]);
  });
});
