import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, renderRoute, renderWithKernel } from '../../../tests/setup/kernel';
import { OrderSettlement } from '../public-client';
import { ADDRESS_NEW_PATH, ADDRESS_PICK_PATH, addressStore } from '../../address/public-client';
import { forgetDrafts } from '../draft';
import { orderNo, settlement } from '../fixtures';
import { PAY_PATH, SETTLEMENT_PATH } from '../paths';

const FROM_CART = `${SETTLEMENT_PATH}?from=cart`;

function setup(handlers: Record<string, FakeHandler> = {}, path = FROM_CART) {
  const api = fakeApi({
    '/api/order/settlement': () => settlement(),
    '/api/order/confirm': () => ({ order_no: orderNo(1), pay_amount: '5998.00', pay_deadline: 1_900_000_000 }),
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order'], adapter: api, user: { id: 7, money: '10.00' } });
  renderRoute(kernel, path);
  return { api, kernel };
}

const sent = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path);
const submit = () => screen.getByRole('button', { name: '提交订单' });

beforeEach(() => {
  forgetDrafts();
  Object.assign(addressStore, { list: [], status: 'idle', error: '', chosenId: null });
});

describe('settlement', () => {
  it("renders for another plugin's source with that plugin's header and quantity limit", async () => {
    const api = fakeApi({ '/api/order/settlement': () => settlement(), '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }) });
    const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart', 'address', 'order'], adapter: api, user: { id: 7 } });
    renderWithKernel(<OrderSettlement query={{ from: 'flash', goods_id: '7', sku_id: '1', num: '2' }} header={<p>限时价</p>} maxQuantity={2} />, kernel);
    expect(await screen.findByText('限时价')).toBeTruthy();
    expect(sent(api, '/api/order/settlement')[0].body).toEqual({ source: 'flash', goods_id: 7, sku_id: 1, num: 2 });
    expect(screen.getByRole('button', { name: '增加' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the address, the goods and the totals the server computed', async () => {
    const { api, kernel } = setup({
      '/api/order/settlement': () =>
        settlement({ adjustments: [{ id: 'coupon', label: '满减优惠', amount: '-100.00' }], pay_amount: '5898.00' }),
    });
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.getByText('广东省深圳市南山区 科技园路1号')).toBeTruthy();
    const goodsLine = within(screen.getByRole('listitem', { name: '极光 X5 手机' }));
    expect(goodsLine.getByText('黑 / 128G')).toBeTruthy();
    expect(goodsLine.getByText('×2')).toBeTruthy();
    expect(goodsLine.getByTestId('line-total').textContent).toBe('¥5998.00');
    expect(screen.getByTestId('goods-amount').textContent).toBe('¥5998.00');
    expect(screen.getByText('满减优惠')).toBeTruthy();
    expect(screen.getByText('-¥100.00')).toBeTruthy();
    expect(screen.getByTestId('pay-amount').textContent).toBe('¥5898.00');
    expect(screen.getByText('共 2 件')).toBeTruthy();
    expect(sent(api, '/api/order/settlement')[0].body).toEqual({ source: 'cart' });
    // The preview's balance is the freshest: the payment screen shows it.
    await waitFor(() => expect(kernel.session.state.user?.money).toBe('10000.00'));
  });

  it('asks for a shipping address first, and sends no confirmation without one', async () => {
    const { api } = setup({ '/api/order/settlement': () => settlement({ address: null }) });
    expect(await screen.findByText('请先添加收货地址')).toBeTruthy();
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getAllByText('请先添加收货地址')).toHaveLength(2)); // the prompt and the toast
    expect(sent(api, '/api/order/confirm')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '新增收货地址' }));
    await waitFor(() => expect(currentLocation()).toBe(ADDRESS_NEW_PATH));
  });

  it('opens the address list to pick another, and previews with the picked address', async () => {
    addressStore.chosenId = 5;
    const { api } = setup();
    const card = await screen.findByRole('link', { name: '更换收货地址' });
    expect(card.getAttribute('href')).toBe('#/user/address/address?select=1');
    expect(sent(api, '/api/order/settlement')[0].body).toEqual({ source: 'cart', address_id: 5 });
  });

  it('places one order on a double click, with one request key, then replaces itself with the payment screen', async () => {
    const { reply: held, release: answer } = heldReply();
    const { api } = setup({ '/api/order/confirm': () => held });
    await screen.findByText('王小明');
    const entries = window.history.length;
    fireEvent.click(submit());
    fireEvent.click(submit());
    await waitFor(() => expect(sent(api, '/api/order/confirm')).toHaveLength(1));
    expect(submit().hasAttribute('disabled')).toBe(true);
    answer({ order_no: orderNo(1), pay_amount: '5998.00', pay_deadline: 1_900_000_000 });
    await waitFor(() => expect(currentLocation()).toBe(`${PAY_PATH}?order_no=${orderNo(1)}`));

    const [confirmation] = sent(api, '/api/order/confirm');
    expect(confirmation.body).toMatchObject({ source: 'cart', address_id: 3, invoice: null });
    expect(confirmation.body).not.toHaveProperty('pay_amount');
    expect(String(confirmation.body.request_key)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // The settlement was replaced, not stacked: "back" cannot land on it and submit again.
    expect(window.history.length).toBe(entries);
    // The ordered lines left the cart: the cart plugin reloads.
    await waitFor(() => expect(sent(api, '/api/user/reloadUserCart').length).toBeGreaterThan(1));
  });

  it('sends the same request key again when the shopper retries after a refusal', async () => {
    let refuse = true;
    const { api } = setup({
      '/api/order/confirm': () =>
        refuse ? failReply('订单商品已失效：极光 X5 手机') : { order_no: orderNo(2), pay_amount: '5998.00', pay_deadline: 1_900_000_000 },
    });
    await screen.findByText('王小明');
    fireEvent.click(submit());
    expect(await screen.findByText('订单商品已失效：极光 X5 手机')).toBeTruthy();
    expect(currentLocation()).toBe(FROM_CART);
    refuse = false;
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(currentLocation()).toBe(`${PAY_PATH}?order_no=${orderNo(2)}`));
    const [first, second] = sent(api, '/api/order/confirm');
    expect(second.body.request_key).toBe(first.body.request_key);
  });

  it('asks for an invoice title and checks the taxpayer id before sending, then sends the invoice', async () => {
    const { api } = setup();
    await screen.findByText('王小明');
    fireEvent.click(screen.getByRole('switch', { name: '需要发票' }));
    fireEvent.click(submit());
    expect(await screen.findByText('请填写发票抬头（个人姓名或单位名称）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '深圳市极光科技有限公司' } });
    fireEvent.change(screen.getByLabelText('纳税人识别号'), { target: { value: '12345' } });
    fireEvent.click(submit());
    expect(await screen.findByText('纳税人识别号应为 15、18 或 20 位数字或大写字母')).toBeTruthy();
    expect(sent(api, '/api/order/confirm')).toEqual([]);

    fireEvent.change(screen.getByLabelText('纳税人识别号'), { target: { value: '91440300ma5example' } });
    fireEvent.change(screen.getByLabelText('开户银行'), { target: { value: '招商银行' } });
    fireEvent.change(screen.getByLabelText('订单备注'), { target: { value: '工作日送货' } });
    fireEvent.click(submit());
    await waitFor(() => expect(sent(api, '/api/order/confirm')).toHaveLength(1));
    expect(sent(api, '/api/order/confirm')[0].body).toMatchObject({
      invoice: { title: '深圳市极光科技有限公司', tax_no: '91440300MA5EXAMPLE', bank: '招商银行' },
      remark: '工作日送货',
    });
  });

  it("shows the server's refusal of an invoice field under that field", async () => {
    setup({ '/api/order/confirm': () => failReply('注册电话：太长了', { field: 'invoice.phone', message: '太长了' }) });
    await screen.findByText('王小明');
    fireEvent.click(screen.getByRole('switch', { name: '需要发票' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '个人' } });
    fireEvent.click(submit());
    const phone = await screen.findByLabelText('注册电话');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('太长了')).toBeTruthy();
  });

  it('keeps what the shopper typed, and the request key, while they step out to pick an address', async () => {
    let refuse = true;
    const { api, kernel } = setup({
      '/api/address/list': () => [],
      '/api/order/confirm': () => (refuse ? failReply('请先添加收货地址') : { order_no: orderNo(3), pay_amount: '5998.00', pay_deadline: 1_900_000_000 }),
    });
    await screen.findByText('王小明');
    fireEvent.click(screen.getByRole('switch', { name: '需要发票' }));
    fireEvent.change(screen.getByLabelText('发票抬头'), { target: { value: '个人' } });
    fireEvent.change(screen.getByLabelText('订单备注'), { target: { value: '放门卫室' } });
    fireEvent.click(submit());
    await waitFor(() => expect(sent(api, '/api/order/confirm')).toHaveLength(1));
    refuse = false;
    kernel.nav.to(ADDRESS_PICK_PATH);
    await waitFor(() => expect(screen.queryByText('王小明')).toBeNull());
    kernel.nav.back();
    await screen.findByText('王小明');
    expect((screen.getByLabelText('发票抬头') as HTMLInputElement).value).toBe('个人');
    expect((screen.getByLabelText('订单备注') as HTMLInputElement).value).toBe('放门卫室');
    fireEvent.click(submit());
    await waitFor(() => expect(sent(api, '/api/order/confirm')).toHaveLength(2));
    const [first, second] = sent(api, '/api/order/confirm');
    expect(second.body).toMatchObject({ invoice: { title: '个人' }, remark: '放门卫室', request_key: first.body.request_key });
  });

  it('buys one SKU at once: the quantity comes from the query and the stepper previews again', async () => {
    const { api } = setup({
      '/api/order/settlement': (body) => settlement({ num: Number(body.num), lines: [{ ...settlement().lines[0], num: Number(body.num) }] }),
    }, `${SETTLEMENT_PATH}?from=buy&goods_id=7&sku_id=1&num=2`);
    await screen.findByText('王小明');
    expect(sent(api, '/api/order/settlement')[0].body).toEqual({ source: 'buy', goods_id: 7, sku_id: 1, num: 2 });
    fireEvent.click(screen.getByRole('button', { name: '增加' }));
    await waitFor(() => expect(sent(api, '/api/order/settlement').at(-1)?.body).toMatchObject({ num: 3 }));
    expect(await screen.findByText('×3')).toBeTruthy();
    fireEvent.click(submit());
    await waitFor(() => expect(sent(api, '/api/order/confirm')).toHaveLength(1));
    expect(sent(api, '/api/order/confirm')[0].body).toMatchObject({ source: 'buy', goods_id: 7, sku_id: 1, num: 3 });
    // Bought at once: nothing left the cart.
    expect(sent(api, '/api/user/reloadUserCart')).toHaveLength(1);
  });

  it('says why the goods cannot be settled, with a retry', async () => {
    const { api } = setup({ '/api/order/settlement': () => failReply('请先在购物车中选择商品') });
    expect(await screen.findByText('请先在购物车中选择商品')).toBeTruthy();
    api.on('/api/order/settlement', () => settlement());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('王小明')).toBeTruthy();
  });

  it('offers to buy what is in stock when a buy-now link asks for more, and settles that quantity', async () => {
    const { api } = setup(
      {
        '/api/order/settlement': (body) =>
          Number(body.num) > 32
            ? failReply('“极光 X5 手机”库存不足（剩余 32 件）', { available: 32 })
            : settlement({ num: Number(body.num), lines: [{ ...settlement().lines[0], num: Number(body.num) }] }),
      },
      `${SETTLEMENT_PATH}?from=buy&goods_id=7&sku_id=1&num=500`,
    );
    expect(await screen.findByText('“极光 X5 手机”库存不足（剩余 32 件）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '按库存 32 件购买' }));
    await waitFor(() => expect(currentLocation()).toBe(`${SETTLEMENT_PATH}?from=buy&goods_id=7&sku_id=1&num=32`));
    expect(await screen.findByText('×32')).toBeTruthy();
    expect(sent(api, '/api/order/settlement').at(-1)?.body).toMatchObject({ num: 32 });
  });

  it('offers no other quantity when the refusal is not about stock, or nothing is left', async () => {
    setup({ '/api/order/settlement': () => failReply('“极光 X5 手机”库存不足（剩余 0 件）', { available: 0 }) }, `${SETTLEMENT_PATH}?from=buy&goods_id=7&sku_id=1&num=5`);
    expect(await screen.findByText('“极光 X5 手机”库存不足（剩余 0 件）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /按库存/ })).toBeNull();
  });

  it('refuses a query that names no goods, asking the server nothing about it', async () => {
    const { api } = setup({}, `${SETTLEMENT_PATH}?from=buy&goods_id=7`);
    expect(await screen.findByText('请选择下单方式')).toBeTruthy();
    expect(sent(api, '/api/order/settlement')).toEqual([]);
  });
});
