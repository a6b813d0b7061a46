import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi } from '../../tests/setup/kernel';
import { address, AREA_TREE } from './fixtures';
import { chosenAddressId, forgetChosenAddress } from './public-client';
import {
  addressStore,
  chooseAddress,
  forgetOnLogout,
  loadAddresses,
  loadAreaTree,
  ordered,
  removeAddress,
  saveAddress,
  setDefaultAddress,
  type AddressState,
  type AreaState,
} from './store';

const fresh = (fields: Partial<AddressState> = {}) => proxy<AddressState>({ list: [], status: 'idle', error: '', chosenId: null, ...fields });
const kernelWith = (handlers: Parameters<typeof fakeApi>[0]) => {
  const api = fakeApi(handlers);
  return { api, kernel: createTestKernel({ adapter: api, user: { id: 7 } }) };
};
const ids = (store: AddressState) => store.list.map((a) => [a.id, a.is_default]);

describe('address store', () => {
  it('loads the list once, however many ask at the same time, and again when forced', async () => {
    const { api, kernel } = kernelWith({ '/api/address/list': () => [address(1, { is_default: 1 })] });
    const store = fresh();
    await Promise.all([loadAddresses(kernel.http, store), loadAddresses(kernel.http, store)]);
    await loadAddresses(kernel.http, store);
    expect(store).toMatchObject({ status: 'ready', list: [address(1, { is_default: 1 })] });
    expect(api.requests).toHaveLength(1);
    await loadAddresses(kernel.http, store, true);
    expect(api.requests).toHaveLength(2);
  });

  it('keeps the refusal for the error state', async () => {
    const { kernel } = kernelWith({ '/api/address/list': () => failReply('服务繁忙') });
    const store = fresh();
    await loadAddresses(kernel.http, store);
    expect(store).toMatchObject({ status: 'error', error: '服务繁忙', list: [] });
  });

  it('puts a saved address in its place; a new default clears the old one, as on the server', async () => {
    const { api, kernel } = kernelWith({ '/api/address/save': (body) => address(3, { name: String(body.name), is_default: 1, created_at: 2_000_000_000 }) });
    const store = fresh({ list: [address(1, { is_default: 1 }), address(2)] });
    const saved = await saveAddress(kernel.http, { name: '李四', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '一号路', is_default: 1 }, store);
    expect(saved.name).toBe('李四');
    expect(ids(store)).toEqual([[3, 1], [2, 0], [1, 0]]);
    expect(api.requests[0].body).toMatchObject({ name: '李四', is_default: 1 });

    api.on('/api/address/save', () => address(2, { detail: '改了' }));
    await saveAddress(kernel.http, { id: 2, name: '张三', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '改了', is_default: 0 }, store);
    expect(store.list.map((a) => a.detail)).toEqual(['科技园路3号', '改了', '科技园路1号']);
  });

  it('leaves the list alone when the server refuses a save', async () => {
    const { kernel } = kernelWith({ '/api/address/save': () => failReply('收货地址已满，最多 20 个') });
    const store = fresh({ list: [address(1, { is_default: 1 })] });
    await expect(
      saveAddress(kernel.http, { name: '张三', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '一号路', is_default: 0 }, store),
    ).rejects.toThrow('收货地址已满，最多 20 个');
    expect(ids(store)).toEqual([[1, 1]]);
  });

  it('takes the list the server answers after a delete or a new default, and forgets a deleted pick', async () => {
    const { api, kernel } = kernelWith({
      '/api/address/delete': () => [address(1, { is_default: 1 })],
      '/api/address/setDefault': () => [address(1, { is_default: 1 })],
    });
    const store = fresh({ list: [address(2, { is_default: 1 }), address(1)], chosenId: 2 });
    await removeAddress(kernel.http, 2, store);
    expect(ids(store)).toEqual([[1, 1]]);
    expect(store.chosenId).toBeNull();
    await setDefaultAddress(kernel.http, 1, store);
    expect(api.requests.map((r) => [r.path, r.body])).toEqual([
      ['/api/address/delete', { id: 2 }],
      ['/api/address/setDefault', { id: 1 }],
    ]);
  });

  it('keeps a pick when another address is deleted', async () => {
    const { kernel } = kernelWith({ '/api/address/delete': () => [address(1, { is_default: 1 })] });
    const store = fresh({ list: [address(1, { is_default: 1 }), address(2)], chosenId: 1 });
    await removeAddress(kernel.http, 2, store);
    expect(store.chosenId).toBe(1);
  });

  it('orders the list as the server does: the default, then the newest', () => {
    const list = [address(1), address(3), address(2, { is_default: 1 })];
    expect(ordered(list).map((a) => a.id)).toEqual([2, 3, 1]);
  });

  it('forgets the list and the pick when the shopper logs out', () => {
    const kernel = createTestKernel({ user: { id: 7 } });
    const store = fresh({ list: [address(1)], status: 'ready', chosenId: 1 });
    forgetOnLogout(kernel, store);
    kernel.session.clear();
    expect(store).toMatchObject({ list: [], status: 'idle', chosenId: null });
  });
});

describe('the pick other plugins read (public-client.ts)', () => {
  it('is the chosen id until forgotten', () => {
    chooseAddress(5);
    expect(chosenAddressId()).toBe(5);
    expect(addressStore.chosenId).toBe(5);
    forgetChosenAddress();
    expect(chosenAddressId()).toBeNull();
  });
});

describe('area tree', () => {
  it("loads the goods plugin's tree once a session, and again on a retry after a failure", async () => {
    const { api, kernel } = kernelWith({ '/api/goods/areaTree': () => failReply('服务繁忙') });
    const store = proxy<AreaState>({ tree: [], status: 'idle', error: '' });
    await loadAreaTree(kernel.http, store);
    expect(store).toMatchObject({ status: 'error', error: '服务繁忙' });
    api.on('/api/goods/areaTree', () => AREA_TREE);
    await loadAreaTree(kernel.http, store, true);
    await loadAreaTree(kernel.http, store);
    expect(store.status).toBe('ready');
    expect(store.tree).toEqual(AREA_TREE);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/goods/areaTree', '/api/goods/areaTree']);
  });
});
