import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { cartLine, cartView } from '../fixtures';
import { CART_PATH } from '../paths';
import { cartStore, emptyCart } from '../store';

function setup(reload: FakeHandler, handlers: Record<string, FakeHandler> = {}, options: { anonymous?: boolean } = {}) {
  const api = fakeApi({ '/api/user/reloadUserCart': reload, ...handlers });
  const kernel = createTestKernel({ plugins: ['auth', 'goods', 'cart'], adapter: api, user: options.anonymous ? undefined : { id: 7 } });
  renderRoute(kernel, CART_PATH);
  return { api, kernel };
}

const reply = (...lines: ReturnType<typeof cartLine>[]) => ({ userInfo: cartView(...lines) });
const lines = () => screen.queryAllByTestId('cart-line');
const total = () => screen.getByTestId('cart-total').textContent;
const sent = (api: FakeApi, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);

const tea = cartLine(1, { name: '龙井茶 250g', spec: '特级', sale_num: 2, sale_price: '88.00', total: '176.00' });
const cup = cartLine(2, { name: '白瓷茶杯', sale_num: 1, sale_price: '19.90', total: '19.90' });
const kettle = cartLine(3, { name: '铸铁壶', on_sale: false, valid: false, selected: false, sale_price: '299.00', total: '299.00' });

beforeEach(() => {
  Object.assign(cartStore, emptyCart());
});

describe('cart page', () => {
  it('shows a skeleton while the cart loads, then its lines', async () => {
    const { reply: held, release: answer } = heldReply();
    const { api } = setup(() => held);
    await waitFor(() => expect(sent(api, '/api/user/reloadUserCart')).toEqual([{ user_id: 7 }]));
    await waitFor(() => expect(document.querySelector('.sf-skeleton-list')).not.toBeNull());
    answer(reply(tea, cup));
    await waitFor(() => expect(lines()).toHaveLength(2));
    expect(document.querySelector('.sf-skeleton-list')).toBeNull();
  });

  it('invites the shopper to go shopping when the cart is empty', async () => {
    setup(() => reply());
    expect(await screen.findByText('购物车还是空的')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去逛逛' }));
    expect(currentLocation()).toBe('/pages/index/index');
  });

  it('says why the cart could not be loaded, with a retry', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/user/reloadUserCart', () => reply(cup));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
  });

  it('shows each line with its spec, price, quantity and line total, and totals the selection', async () => {
    setup(() => reply(tea, cup, kettle));
    await waitFor(() => expect(lines()).toHaveLength(3));
    const [first, , last] = lines();
    expect(within(first).getByText('龙井茶 250g')).toBeTruthy();
    expect(within(first).getByText('特级')).toBeTruthy();
    expect(within(first).getByText('小计').textContent).toBe('小计 ¥176.00');
    expect((within(first).getByLabelText('龙井茶 250g 的数量') as HTMLInputElement).value).toBe('2');
    expect(total()).toBe('合计：¥195.90');
    expect(screen.getByRole('button', { name: '去结算(3)' })).toBeTruthy();

    // A line that cannot be bought is greyed, says why, and cannot be ticked or changed.
    expect(last.className).toContain('cart-line--invalid');
    expect(within(last).getByText('已下架')).toBeTruthy();
    expect(within(last).getByRole('checkbox', { name: '选择 铸铁壶' }).hasAttribute('disabled')).toBe(true);
    expect(within(last).getByRole('button', { name: '增加' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: '全选' }).getAttribute('aria-checked')).toBe('true');
  });

  it('changes a quantity with the stepper: line total and totals follow, the server confirms', async () => {
    const { api } = setup(() => reply(tea, cup), {
      '/api/cart/setNum': () => cartView({ ...tea, sale_num: 3, total: '264.00' }, cup),
    });
    await waitFor(() => expect(lines()).toHaveLength(2));
    fireEvent.click(within(lines()[0]).getByRole('button', { name: '增加' }));
    await waitFor(() => expect(within(lines()[0]).getByText('小计').textContent).toBe('小计 ¥264.00'));
    expect(total()).toBe('合计：¥283.90');
    await waitFor(() => expect(sent(api, '/api/cart/setNum')).toEqual([{ id: 1, num: 3 }]));
    expect(screen.getByRole('button', { name: '去结算(4)' })).toBeTruthy();
  });

  it('says the stock when a typed quantity is more than there is, and asks for the stock', async () => {
    const { api } = setup(() => reply({ ...tea, stock: 29 }), { '/api/cart/setNum': () => cartView({ ...tea, stock: 29, sale_num: 29, total: '2552.00' }) });
    await waitFor(() => expect(lines()).toHaveLength(1));
    const quantity = within(lines()[0]).getByLabelText('龙井茶 250g 的数量') as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '999' } });
    expect(await screen.findByText('库存仅 29 件，数量已改为 29')).toBeTruthy();
    expect(quantity.value).toBe('29');
    await waitFor(() => expect(sent(api, '/api/cart/setNum')).toEqual([{ id: 1, num: 29 }]));
  });

  it('puts the quantity back when the server refuses a change', async () => {
    const { api } = setup(() => reply(tea), { '/api/cart/setNum': () => failReply('商品“龙井茶 250g”库存仅剩 2 件') });
    await waitFor(() => expect(lines()).toHaveLength(1));
    fireEvent.click(within(lines()[0]).getByRole('button', { name: '增加' }));
    expect(await screen.findByText('商品“龙井茶 250g”库存仅剩 2 件')).toBeTruthy();
    await waitFor(() => expect(sent(api, '/api/user/reloadUserCart')).toHaveLength(2));
    await waitFor(() => expect(total()).toBe('合计：¥176.00'));
  });

  it('ticks a line, or all of them, for checkout', async () => {
    const { api } = setup(() => reply(tea, cup), {
      '/api/cart/select': (body) => (body.all ? cartView(tea, cup) : cartView({ ...tea, selected: false }, cup)),
    });
    await waitFor(() => expect(lines()).toHaveLength(2));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 龙井茶 250g' }));
    await waitFor(() => expect(total()).toBe('合计：¥19.90'));
    expect(screen.getByRole('checkbox', { name: '全选' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    await waitFor(() => expect(total()).toBe('合计：¥195.90'));
    expect(sent(api, '/api/cart/select')).toEqual([{ ids: [1], selected: false }, { all: true, selected: true }]);
  });

  it("checks out the selection on the order plugin's settlement page", async () => {
    setup(() => reply(tea));
    fireEvent.click(await screen.findByRole('button', { name: '去结算(2)' }));
    expect(currentLocation()).toBe('/pages/order/settlement?from=cart');
  });

  it('asks for a selection before checking out', async () => {
    setup(() => reply({ ...tea, selected: false }));
    fireEvent.click(await screen.findByRole('button', { name: '去结算(0)' }));
    expect(await screen.findByText('请选择要结算的商品')).toBeTruthy();
    expect(currentLocation()).toBe(CART_PATH);
  });

  it('deletes the lines ticked in edit mode after a confirmation, an unavailable one too', async () => {
    const { api } = setup(() => reply(tea, cup, kettle), { '/api/cart/delete': () => cartView(cup) });
    await waitFor(() => expect(lines()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '管理' }));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('请选择要删除的商品')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '选择 龙井茶 250g' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 铸铁壶' }));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要从购物车删除这 2 种商品吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api, '/api/cart/delete')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(sent(api, '/api/cart/delete')).toEqual([{ ids: [1, 3] }]);
    expect(await screen.findByText('已删除')).toBeTruthy();
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = setup(() => reply(), {}, { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(CART_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('joins the tab bar between the category tab and the member centre, with the cart count as its badge', async () => {
    const { kernel } = setup(() => reply(tea, cup));
    // goods requires home (it fills the home page's sections), so home's tab comes along.
    const tabs = kernel.menu.slot('tabbar');
    expect(tabs.map((e) => e.id)).toEqual(['home', 'category', 'cart']);
    expect(tabs[2]).toMatchObject({ to: CART_PATH, label: 'cart:tab', icon: 'cart', auth: true });
    expect(tabs[2].order).toBeGreaterThan(tabs[1].order ?? 100);
    expect(tabs[2].order).toBeLessThan(90);
    const tab = await screen.findByRole('link', { name: /购物车/ });
    await waitFor(() => expect(tab.textContent).toBe('3购物车'));
  });
});
