import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi } from '../../tests/setup/kernel';
import { __id__Reload } from './public-client';
import { __id__Store, addEntry, forgetOnLogout, loadEntries, type __Id__State } from './store';

const fresh = () => proxy<__Id__State>({ entries: [], status: 'idle', error: '' });
const entry = (id: number, title: string) => ({ id, title, created_at: 1_746_057_600 + id });

describe('__id__ store', () => {
  it('loads the list once, however many ask at the same time', async () => {
    const api = fakeApi({ '/api/__id__/list': () => [entry(1, 'Tea set')] });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    await Promise.all([loadEntries(kernel.http, store), loadEntries(kernel.http, store)]);
    await loadEntries(kernel.http, store);
    expect(store).toMatchObject({ status: 'ready', entries: [entry(1, 'Tea set')] });
    expect(api.requests).toHaveLength(1);
  });

  it('keeps the refusal and loads again when forced', async () => {
    const api = fakeApi({ '/api/__id__/list': () => failReply('服务繁忙') });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    await loadEntries(kernel.http, store);
    expect(store).toMatchObject({ status: 'error', error: '服务繁忙', entries: [] });
    api.on('/api/__id__/list', () => []);
    await loadEntries(kernel.http, store, true);
    expect(store).toMatchObject({ status: 'ready', error: '' });
  });

  it('puts an added entry first, and leaves the list alone when the server refuses it', async () => {
    const api = fakeApi({ '/api/__id__/add': (body) => entry(2, String(body.title)) });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    store.entries = [entry(1, 'Tea set')];
    await addEntry(kernel.http, 'Kettle', store);
    expect(store.entries.map((e) => e.title)).toEqual(['Kettle', 'Tea set']);
    expect(api.requests[0].body).toEqual({ title: 'Kettle' });

    api.on('/api/__id__/add', () => failReply('“Kettle”已在列表中'));
    await expect(addEntry(kernel.http, 'Kettle', store)).rejects.toThrow('“Kettle”已在列表中');
    expect(store.entries).toHaveLength(2);
  });

  it('lets other plugins reload the list through its public service', async () => {
    const api = fakeApi({ '/api/__id__/list': () => [entry(1, 'Tea set')] });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 }, plugins: ['__id__'] });
    const reload = await kernel.plugins.service(__id__Reload);
    await reload();
    expect(__id__Store.entries).toEqual([entry(1, 'Tea set')]);
    api.on('/api/__id__/list', () => [entry(2, 'Kettle'), entry(1, 'Tea set')]);
    await reload();
    expect(__id__Store.entries.map((e) => e.title)).toEqual(['Kettle', 'Tea set']);
    expect(api.requests).toHaveLength(2);
    Object.assign(__id__Store, { entries: [], status: 'idle', error: '' });
  });

  it('forgets the list when the shopper logs out', async () => {
    const kernel = createTestKernel({ user: { id: 7 } });
    const store = fresh();
    Object.assign(store, { entries: [entry(1, 'Tea set')], status: 'ready' });
    forgetOnLogout(kernel, store);
    kernel.session.clear();
    expect(store).toMatchObject({ entries: [], status: 'idle' });
  });
});
