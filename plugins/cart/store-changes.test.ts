import { describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi, type FakeApi, heldReply } from '../../tests/setup/kernel';
import { addToCart, deleteLines, selectLines, setQuantity } from './store-changes';
import { cartLine, cartView as view } from './fixtures';
import { emptyCart, type CartState } from './store';

const fresh = () => proxy<CartState>(emptyCart());
const paths = (api: FakeApi) => api.requests.map((r) => r.path);

describe('cart changes', () => {
  it('adds with /api/cart/add and takes the cart it answers (one round trip)', async () => {
    const api = fakeApi({ '/api/cart/add': () => view(cartLine(3, { sale_num: 2, total: '20.00' }), cartLine(1)) });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    await addToCart(kernel, { goodsId: 3, skuId: 30, quantity: 2 }, store);
    expect(api.requests[0].body).toEqual({ goods_id: 3, sku_id: 30, num: 2 });
    expect(store).toMatchObject({ count: 3, status: 'ready' });
    expect(kernel.session.state.user?.cartNum).toBe(3);
  });

  it('shows a new quantity and line total at once, then what the server answers', async () => {
    const { reply: held, release: answer } = heldReply();
    const api = fakeApi({ '/api/cart/setNum': () => held });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    Object.assign(store, { status: 'ready', count: 3, lines: [cartLine(1, { sale_num: 1, sale_price: '12.50', total: '12.50' }), cartLine(2, { sale_num: 2 })] });
    const changing = setQuantity(kernel, 1, 3, store);
    expect(store.lines[0]).toMatchObject({ sale_num: 3, total: '37.50' });
    expect(store.count).toBe(5);
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    answer(view(cartLine(1, { sale_num: 3, sale_price: '12.00', total: '36.00' }), cartLine(2, { sale_num: 2 })));
    await changing;
    expect(store.lines[0]).toMatchObject({ sale_price: '12.00', total: '36.00' });
    expect(api.requests[0].body).toEqual({ id: 1, num: 3 });
  });

  it('reloads the cart after a refusal, so the page shows what the server holds', async () => {
    const api = fakeApi({
      '/api/cart/setNum': () => failReply('库存仅剩 2 件'),
      '/api/user/reloadUserCart': () => ({ userInfo: view(cartLine(1, { sale_num: 2 })) }),
    });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    Object.assign(store, { status: 'ready', count: 2, lines: [cartLine(1, { sale_num: 2 })] });
    await expect(setQuantity(kernel, 1, 5, store)).rejects.toThrow('库存仅剩 2 件');
    await vi.waitFor(() => expect(store.status).toBe('ready'));
    expect(paths(api)).toEqual(['/api/cart/setNum', '/api/user/reloadUserCart']);
    expect(store.lines[0].sale_num).toBe(2);
    expect(store.count).toBe(2);
  });

  it('sends changes one at a time, in order', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const api = fakeApi({
      '/api/cart/select': async (body) => {
        order.push(`select ${JSON.stringify(body)}`);
        await new Promise<void>((resolve) => (release = resolve));
        return view(cartLine(1, { selected: false }), cartLine(2));
      },
      '/api/cart/delete': (body) => {
        order.push(`delete ${JSON.stringify(body)}`);
        return view(cartLine(1, { selected: false }));
      },
      '/api/cart/add': () => view(cartLine(3)),
    });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    const first = selectLines(kernel, 'all', false, store);
    const second = deleteLines(kernel, [2], store);
    await vi.waitFor(() => expect(order).toHaveLength(1));
    // A change to another cart goes the same way without waiting, and started later: the delete, unqueued, would have arrived first.
    await addToCart(kernel, { goodsId: 3, skuId: 30, quantity: 1 }, fresh());
    expect(order).toEqual(['select {"all":true,"selected":false}']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['select {"all":true,"selected":false}', 'delete {"ids":[2]}']);
    expect(store.lines.map((l) => l.id)).toEqual([1]);
  });

  it('selects chosen lines by id', async () => {
    const api = fakeApi({ '/api/cart/select': () => view(cartLine(1)) });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    await selectLines(kernel, [1, 2], true, fresh());
    expect(api.requests[0].body).toEqual({ ids: [1, 2], selected: true });
  });
});
