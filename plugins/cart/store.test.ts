import { describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi, heldReply, testUser } from '../../tests/setup/kernel';
import { cartLine, cartView as view } from './fixtures';
import { bootCart, cartStore, emptyCart, followSession, loadCart, type CartState } from './store';
import { announcePlaced } from '@plugins/order/public-client';

const fresh = () => proxy<CartState>(emptyCart());

describe('cart store', () => {
  it("loads the logged-in shopper's cart at boot with reloadUserCart {user_id}, showing the stored count meanwhile", async () => {
    const { reply: held, release: answer } = heldReply();
    const api = fakeApi({ '/api/user/reloadUserCart': () => held });
    const kernel = createTestKernel({ adapter: api, user: { id: 7, cartNum: 4 } });
    const store = fresh();
    const booting = bootCart(kernel, store);
    expect(store.count).toBe(4);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    answer({ userInfo: view(cartLine(1, { sale_num: 2, total: '20.00' }), cartLine(2, { sale_num: 3, total: '30.00' })) });
    await booting;
    expect(store).toMatchObject({ status: 'ready', count: 5 });
    expect(store.lines.map((l) => l.id)).toEqual([1, 2]);
    expect(api.requests[0].body).toEqual({ user_id: 7 });
    expect(kernel.session.state.user).toMatchObject({ cartNum: 5, cartList: [{ id: 1 }, { id: 2 }] });
  });

  it("loads the lines again in the new language when the shopper switches (their names are in it), and not once logged out", async () => {
    const named = (lang: string | null) => ({ userInfo: view(cartLine(1, { name: lang === 'en' ? 'Aurora X5' : '极光 X5' })) });
    const api = fakeApi({ '/api/user/reloadUserCart': (_body, request) => named(request.headers.get('Lang')) });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    followSession(kernel, store);
    await bootCart(kernel, store);
    expect(store.lines[0].name).toBe('极光 X5');
    await kernel.locale.setLanguage('en');
    await vi.waitFor(() => expect(store.lines[0]?.name).toBe('Aurora X5'));
    kernel.session.clear();
    await kernel.locale.setLanguage('zh-Hans');
    expect(api.requests).toHaveLength(2);
  });

  it('asks nothing at boot when nobody is logged in', async () => {
    const api = fakeApi();
    const store = fresh();
    await bootCart(createTestKernel({ adapter: api }), store);
    expect(api.requests).toEqual([]);
    expect(store.status).toBe('idle');
  });

  it('keeps the reason when the cart cannot be loaded, and loads again when forced', async () => {
    const api = fakeApi({ '/api/user/reloadUserCart': () => failReply('服务繁忙') });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    await loadCart(kernel, store);
    expect(store).toMatchObject({ status: 'error', error: '服务繁忙' });
    api.on('/api/user/reloadUserCart', () => ({ userInfo: view(cartLine(1)) }));
    await loadCart(kernel, store, true);
    expect(store).toMatchObject({ status: 'ready', error: '', count: 1 });
  });

  it('reloads the cart on login and forgets it on logout', async () => {
    const api = fakeApi({ '/api/user/reloadUserCart': () => ({ userInfo: view(cartLine(1, { sale_num: 2 })) }) });
    const kernel = createTestKernel({ adapter: api });
    const store = fresh();
    followSession(kernel, store);
    kernel.session.login(testUser({ id: 9 }));
    await vi.waitFor(() => expect(store).toMatchObject({ status: 'ready', count: 2 }));
    kernel.session.clear();
    expect(store).toMatchObject({ status: 'idle', count: 0, lines: [] });
  });

  it('drops a cart that arrives after the shopper logged out', async () => {
    const { reply: held, release: answer } = heldReply();
    const api = fakeApi({ '/api/user/reloadUserCart': () => held });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    followSession(kernel, store);
    const loading = loadCart(kernel, store);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    kernel.session.clear();
    answer({ userInfo: view(cartLine(1)) });
    await loading;
    expect(store.lines).toEqual([]);
    expect(store.count).toBe(0);
  });

  it('reloads the cart once an order is placed from its lines (order.afterPlace), not after another source\'s order', async () => {
    const api = fakeApi({ '/api/user/reloadUserCart': () => ({ userInfo: view(cartLine(1, { sale_num: 4 })) }) });
    const kernel = createTestKernel({ plugins: ['cart'], adapter: api, user: { id: 7 } });
    cartStore.count = 0;
    await announcePlaced(kernel, { source: 'buy', order_no: 'A1' });
    expect(api.requests.filter((r) => r.url.endsWith('/reloadUserCart'))).toHaveLength(0);
    await announcePlaced(kernel, { source: 'cart', order_no: 'A2' });
    expect(cartStore.count).toBe(4);
  });
});
