import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi } from '../../tests/setup/kernel';
import { articleReload } from './public-client';
import { articleStore, addEntry, forgetOnLogout, loadEntries, type ArticleState } from './store';

const fresh = () => proxy<ArticleState>({ entries: [], status: 'idle', error: '' });
const entry = (id: number, title: string) => ({ id, title, created_at: 1_746_057_600 + id });

describe('article store', () => {
  it('loads the list once, however many ask at the same time', async () => {
    const api = fakeApi({ '/api/article/list': () => [entry(1, 'Tea set')] });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    await Promise.all([loadEntries(kernel.http, store), loadEntries(kernel.http, store)]);
    await loadEntries(kernel.http, store);
    expect(store).toMatchObject({ status: 'ready', entries: [entry(1, 'Tea set')] });
    expect(api.requests).toHaveLength(1);
  });

  it('keeps the refusal and loads again when forced', async () => {
    const api = fakeApi({ '/api/article/list': () => failReply('服务繁忙') });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    await loadEntries(kernel.http, store);
    expect(store).toMatchObject({ status: 'error', error: '服务繁忙', entries: [] });
    api.on('/api/article/list', () => []);
    await loadEntries(kernel.http, store, true);
    expect(store).toMatchObject({ status: 'ready', error: '' });
  });

  it('puts an added entry first, and leaves the list alone when the server refuses it', async () => {
    const api = fakeApi({ '/api/article/add': (body) => entry(2, String(body.title)) });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 } });
    const store = fresh();
    store.entries = [entry(1, 'Tea set')];
    await addEntry(kernel.http, 'Kettle', store);
    expect(store.entries.map((e) => e.title)).toEqual(['Kettle', 'Tea set']);
    expect(api.requests[0].body).toEqual({ title: 'Kettle' });

    api.on('/api/article/add', () => failReply('“Kettle”已在列表中'));
    await expect(addEntry(kernel.http, 'Kettle', store)).rejects.toThrow('“Kettle”已在列表中');
    expect(store.entries).toHaveLength(2);
  });

  it('lets other plugins reload the list through its public service', async () => {
    const api = fakeApi({ '/api/article/list': () => [entry(1, 'Tea set')] });
    const kernel = createTestKernel({ adapter: api, user: { id: 7 }, plugins: ['article'] });
    const reload = await kernel.plugins.service(articleReload);
    await reload();
    expect(articleStore.entries).toEqual([entry(1, 'Tea set')]);
    api.on('/api/article/list', () => [entry(2, 'Kettle'), entry(1, 'Tea set')]);
    await reload();
    expect(articleStore.entries.map((e) => e.title)).toEqual(['Kettle', 'Tea set']);
    expect(api.requests).toHaveLength(2);
    Object.assign(articleStore, { entries: [], status: 'idle', error: '' });
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
