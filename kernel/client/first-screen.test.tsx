import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../core/contract';
import type { IndexReply } from '../core/site';
import * as z from 'zod/mini';
import { createTestKernel, fakeApi, renderWithKernel } from '../../tests/setup/kernel';
import { boot } from './boot';
import { usePaged } from './hooks';
import { inlinePlugin } from './plugin';

const index: IndexReply = {
  site: { siteName: 'Bootstrapped', siteTheme: '#123456', forceLogin: false, cdnUrl: '', apiUrl: '' } as IndexReply['site'],
  plugins: [{ id: 'shop', version: '1.0.0' }],
};
const shop = inlinePlugin({ id: 'shop', version: '1.0.0', i18n: { en: {}, 'zh-Hans': {} } });

describe('index.html carrying the index reply', () => {
  it('starts the site from it and boots without calling /api/index/index', async () => {
    const api = fakeApi({ '/api/index/index': () => index });
    const kernel = createTestKernel({ plugins: [shop], adapter: api, booted: false, bootstrap: { index } });
    expect(kernel.site.config?.siteName).toBe('Bootstrapped');
    expect(kernel.site.isEnabled('shop')).toBe(true);
    await expect(boot(kernel)).resolves.toEqual({ phase: 'ready' });
    expect(document.documentElement.style.getPropertyValue('--theme')).toBe('#123456');
    expect(api.requests).toEqual([]);
  });

  it('still asks when the page came without it', async () => {
    const api = fakeApi({ '/api/index/index': () => index });
    const kernel = createTestKernel({ plugins: [shop], adapter: api, booted: false });
    expect(kernel.site.config).toBeNull();
    await boot(kernel);
    expect(api.requests.map((r) => r.path)).toEqual(['/api/index/index']);
    expect(kernel.site.isEnabled('shop')).toBe(true);
  });
});

describe('first-screen data', () => {
  it('is handed to its plugin once', () => {
    const home = { banners: [], notices: [] };
    const kernel = createTestKernel({ bootstrap: { data: { home } } });
    expect(kernel.bootstrapData('home')).toEqual(home);
    expect(kernel.bootstrapData('home')).toBeUndefined();
    expect(kernel.bootstrapData('goods')).toBeUndefined();
  });

  it('is left out when the page wrote it in another language than the app shows (its names are in that one)', () => {
    const home = { banners: [], notices: [] };
    expect(createTestKernel({ language: 'en', bootstrap: { data: { home }, language: 'zh-Hans' } }).bootstrapData('home')).toBeUndefined();
    expect(createTestKernel({ language: 'en', bootstrap: { data: { home }, language: 'en' } }).bootstrapData('home')).toEqual(home);
  });
});

describe('a paged list whose first page is already here', () => {
  const rows = defineCall({ path: '/api/test/rows', payload: z.object({ page: z.number(), limit: z.number() }), reply: shape<{ list: string[]; total: number }>(), summary: 'rows' });
  let loads = 0;
  const loader = async () => {
    loads += 1;
    return rows;
  };

  function Rows({ initial }: { initial: { list: string[]; total: number } | null }) {
    const state = usePaged(loader, {}, { limit: 2, initial });
    return (
      <div>
        <p>{state.status}: {state.items.join(',')}</p>
        {state.hasMore && <button onClick={() => void state.loadMore()}>more</button>}
      </div>
    );
  }

  it('shows it without a request, and loads the call and the next page on demand', async () => {
    const api = fakeApi({ '/api/test/rows': (body) => ({ list: body.page === 2 ? ['c'] : ['x', 'y'], total: 3 }) });
    renderWithKernel(<Rows initial={{ list: ['a', 'b'], total: 3 }} />, createTestKernel({ adapter: api }));
    expect(screen.getByText('ready: a,b')).toBeTruthy();
    await act(async () => {});
    expect(api.requests).toEqual([]);
    expect(loads).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(await screen.findByText('ready: a,b,c')).toBeTruthy();
    expect(loads).toBe(1);
    expect(api.requests.map((r) => r.body)).toEqual([{ page: 2, limit: 2 }]);
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
  });

  it('fetches page 1 through the loader when there is none', async () => {
    const api = fakeApi({ '/api/test/rows': () => ({ list: ['x', 'y'], total: 2 }) });
    renderWithKernel(<Rows initial={null} />, createTestKernel({ adapter: api }));
    expect(await screen.findByText('ready: x,y')).toBeTruthy();
    expect(api.requests.map((r) => r.body)).toEqual([{ page: 1, limit: 2 }]);
  });
});
