import { describe, expect, it, vi } from 'vitest';
import { followLanguage, loadOnce, type LoadState } from './load-once';

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

describe('loadOnce by language', () => {
  it('loads again when the data held is in another language, not when it is in the one asked', async () => {
    const store = fresh();
    const fetch = vi.fn(async () => fetch.mock.calls.length);
    await loadOnce(store, fetch, apply, { language: 'zh-Hans' });
    await loadOnce(store, fetch, apply, { language: 'zh-Hans' });
    expect(store).toMatchObject({ value: 1, language: 'zh-Hans' });
    await loadOnce(store, fetch, apply, { language: 'en' });
    expect(store).toMatchObject({ status: 'ready', value: 2, language: 'en' });
    await loadOnce(store, fetch, apply);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('drops a reply in the old language that arrives after the switch', async () => {
    const store = fresh();
    let answerChinese: (value: number) => void = () => {};
    const chinese = new Promise<number>((resolve) => (answerChinese = resolve));
    const first = loadOnce(store, () => chinese, apply, { language: 'zh-Hans' });
    await loadOnce(store, async () => 20, apply, { language: 'en' });
    answerChinese(10);
    await first;
    expect(store).toMatchObject({ status: 'ready', value: 20, language: 'en' });
  });

  it('followLanguage reloads a store on each switch once it has loaded, not before', async () => {
    let hear: (language: 'zh-Hans' | 'en') => void = () => {};
    const locale = { onChange: (listener: typeof hear) => ((hear = listener), () => {}) };
    const store = fresh();
    const reload = vi.fn(async () => {});
    followLanguage(locale, store, reload);
    hear('en');
    expect(reload).not.toHaveBeenCalled();
    store.status = 'ready';
    hear('en');
    expect(reload).toHaveBeenCalledWith('en');
  });
});
