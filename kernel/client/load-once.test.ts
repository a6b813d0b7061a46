import { describe, expect, it, vi } from 'vitest';
import { loadOnce, type LoadState } from './load-once';

type Store = LoadState & { value: number };
const fresh = (): Store => ({ status: 'idle', error: '', value: 0 });
const apply = (store: Store, value: number) => {
  store.value = value;
};

describe('loadOnce', () => {
  it('shares the request in flight and does not load again once ready', async () => {
    const store = fresh();
    const fetch = vi.fn(async () => 7);
    await Promise.all([loadOnce(store, fetch, apply), loadOnce(store, fetch, apply)]);
    await loadOnce(store, fetch, apply);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store).toEqual({ status: 'ready', error: '', value: 7 });
  });

  it('keeps the failure message, never rejects, and loads again when forced', async () => {
    const store = fresh();
    await expect(loadOnce(store, () => Promise.reject(new Error('服务器异常')), apply)).resolves.toBeUndefined();
    expect(store).toMatchObject({ status: 'error', error: '服务器异常' });
    await loadOnce(store, async () => 3, apply);
    expect(store).toEqual({ status: 'ready', error: '', value: 3 });
    await loadOnce(store, async () => 4, apply, true);
    expect(store.value).toBe(4);
  });
});
