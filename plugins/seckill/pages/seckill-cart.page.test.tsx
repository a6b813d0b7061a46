import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import type { Settlement } from '@plugins/order/contract';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { deviceNow, item, publicMessages, saleOffer, session } from '../client-fixtures';
import { SECKILL_CART_PATH, SECKILL_PATH } from '../paths';

const settlement = (num: number): Settlement => ({
  address: { id: 3, consignee: '王小明', mobile: '13800138000', address: '广东省深圳市南山区 科技园路1号' },
  lines: [{ goods_id: 101, sku_id: 201, name: '蓝牙耳机', image: '/x.svg', spec: '', price: '9.90', num, total: (9.9 * num).toFixed(2) }],
  goods_amount: (9.9 * num).toFixed(2),
  adjustments: [],
  pay_amount: (9.9 * num).toFixed(2),
  options: {},
  num,
  money: '100.00',
  pay_minutes: 15,
});

const PATH = `${SECKILL_CART_PATH}?goods_id=101&sku_id=201&num=1`;

function setup(handlers: Record<string, FakeHandler> = {}, options: { path?: string; anonymous?: boolean; language?: 'en' } = {}) {
  const api = fakeApi({
    '/api/seckill/offer': () => saleOffer({ item: item(1, { name: '蓝牙耳机', quota: 3, bought: 1 }) }),
    '/api/order/settlement': (body) => settlement(Number(body.num)),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['seckill'], adapter: api, user: options.anonymous ? undefined : { id: 7, money: '100.00' }, language: options.language });
  publicMessages(kernel);
  renderRoute(kernel, options.path ?? PATH);
  return { api, kernel };
}

const sent = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);

describe('flash-sale settlement', () => {
  it("shows the sale above the order's settlement of the `seckill` source: countdown, quota and payment deadline", async () => {
    const { api } = setup();
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.getByText('10:00 场')).toBeTruthy();
    expect(screen.getByText('距结束')).toBeTruthy();
    expect(screen.getByTestId('seckill-quota').textContent).toBe('限购 3 件，已购 1 件');
    expect(screen.getByTestId('seckill-pay-minutes').textContent).toBe('付款时限 15 分钟');
    expect(sent(api, '/api/seckill/offer')).toEqual([{ goods_id: 101, sku_id: 201 }]);
    expect(sent(api, '/api/order/settlement')[0]).toMatchObject({ source: 'seckill', goods_id: 101, sku_id: 201, num: 1 });
  });

  it('holds the quantity within what the quota still allows', async () => {
    const { api } = setup({}, { path: `${SECKILL_CART_PATH}?goods_id=101&sku_id=201&num=9` });
    await screen.findByText('王小明');
    // Quota 3, bought 1: two at most.
    expect(sent(api, '/api/order/settlement')[0]).toMatchObject({ num: 2 });
    expect(screen.getByRole('button', { name: '增加' }).hasAttribute('disabled')).toBe(true);
  });

  it('says so when the shopper has bought the whole quota', async () => {
    setup({ '/api/seckill/offer': () => saleOffer({ item: item(1, { quota: 2, bought: 2 }) }) });
    expect(await screen.findByText('你已买满本场限购的 2 件')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去看看其他秒杀商品' }).getAttribute('href')).toBe(`#${SECKILL_PATH}`);
  });

  it('says so when the goods are sold out, sending no settlement', async () => {
    const { api } = setup({ '/api/seckill/offer': () => saleOffer({ item: item(1, { left: 0 }) }) });
    expect(await screen.findByText('本场这件商品已抢光')).toBeTruthy();
    expect(sent(api, '/api/order/settlement')).toEqual([]);
  });

  it("shows the server's refusal (not in a running sale) with a retry", async () => {
    const { api } = setup({ '/api/seckill/offer': () => failReply('该商品不在秒杀中') });
    expect(await screen.findByText('该商品不在秒杀中')).toBeTruthy();
    api.on('/api/seckill/offer', () => saleOffer({ session: session(1, { end_at: deviceNow() + 60 }) }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('王小明')).toBeTruthy();
  });

  it('refuses a link without the goods, asking the server nothing', async () => {
    const { api } = setup({}, { path: SECKILL_CART_PATH });
    expect(await screen.findByText('链接有误：缺少要抢购的商品')).toBeTruthy();
    expect(sent(api, '/api/seckill/offer')).toEqual([]);
  });

  it('sends a visitor to log in first', async () => {
    const { api } = setup({}, { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(PATH)}`));
    expect(sent(api, '/api/seckill/offer')).toEqual([]);
  });

  it('speaks English', async () => {
    setup({}, { language: 'en' });
    expect(await screen.findByText('Pay within 15 minutes')).toBeTruthy();
    expect(screen.getByText('Limit 3 per shopper, you bought 1')).toBeTruthy();
  });
});
