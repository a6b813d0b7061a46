import { describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi } from '../../tests/setup/kernel';
import { bootHome, loadHome, type HomeState } from './store';

const fresh = () => proxy<HomeState>({ content: null, status: 'idle', error: '' });
const content = { banners: [{ id: 1, image: '/b.svg', title: 'B', link: '' }], notices: [] };

describe('home store', () => {
  it('loads the content once, however many ask', async () => {
    const api = fakeApi({ '/api/home/index': () => content });
    const kernel = createTestKernel({ adapter: api });
    const store = fresh();
    await Promise.all([loadHome(kernel.http, store), loadHome(kernel.http, store)]);
    await loadHome(kernel.http, store);
    expect(store).toMatchObject({ status: 'ready', content });
    expect(api.requests).toHaveLength(1);
  });

  it('keeps the refusal and loads again when forced', async () => {
    const api = fakeApi({ '/api/home/index': () => failReply('维护中') });
    const kernel = createTestKernel({ adapter: api });
    const store = fresh();
    await loadHome(kernel.http, store);
    expect(store).toMatchObject({ status: 'error', error: '维护中', content: null });
    api.on('/api/home/index', () => content);
    await loadHome(kernel.http, store, true);
    expect(store).toMatchObject({ status: 'ready', error: '', content });
  });

  it('fetches instead of using content written in another language, and follows a switch', async () => {
    const titled = (lang: string | null) => ({ ...content, notices: [{ id: 1, title: lang === 'en' ? 'Welcome' : '欢迎', content: '', created_at: 1 }] });
    const api = fakeApi({ '/api/home/index': (_body, request) => titled(request.headers.get('Lang')) });
    const kernel = createTestKernel({ adapter: api, language: 'en', bootstrap: { data: { home: titled(null) }, language: 'zh-Hans' } });
    const store = fresh();
    await bootHome(kernel, store);
    expect(store.content?.notices[0].title).toBe('Welcome');
    await kernel.locale.setLanguage('zh-Hans');
    await vi.waitFor(() => expect(store.content?.notices[0].title).toBe('欢迎'));
  });
});
