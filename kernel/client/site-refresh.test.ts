import { describe, expect, it, vi } from 'vitest';
import { createTestKernel, fakeApi } from '../../tests/setup/kernel';
import { definePlugin } from './plugin';
import { SITE_REFRESH_MS, refreshSite, watchSite } from './site-refresh';

const i18n = { en: {}, 'zh-Hans': {} };
const reply = (plugins: string[]) => ({
  site: { siteName: 'Shop', siteTheme: '#e93323', forceLogin: false, cdnUrl: '', apiUrl: '' },
  plugins: plugins.map((id) => ({ id, version: '1.0.0' })),
});

function setup(answer: () => unknown) {
  const booted: string[] = [];
  const plugins = ['home', 'cart'].map((id) =>
    definePlugin({ id, version: '1.0.0', i18n, boot: async () => void booted.push(id) }),
  );
  const api = fakeApi({ '/api/index/index': answer });
  const kernel = createTestKernel({ plugins, enabled: ['home'], adapter: api });
  return { kernel, api, booted };
}

describe('site refresh for open tabs', () => {
  it('mounts and boots a plugin the site switched on since the page loaded', async () => {
    const { kernel, booted } = setup(() => reply(['home', 'cart']));
    expect(kernel.site.isEnabled('cart')).toBe(false);
    expect(await refreshSite(kernel)).toBe(true);
    expect(kernel.site.isEnabled('cart')).toBe(true);
    expect(booted).toContain('cart');
  });

  it('changes nothing when the list is the same or the server cannot be reached', async () => {
    expect(await refreshSite(setup(() => reply(['home'])).kernel)).toBe(false);
    const offline = setup(() => ({ status: 503 }));
    expect(await refreshSite(offline.kernel)).toBe(false);
    expect(offline.kernel.site.isEnabled('home')).toBe(true);
  });

  it('asks again only when the page becomes visible after a minute', async () => {
    const { kernel, api } = setup(() => reply(['home']));
    let now = 0;
    const stop = watchSite(kernel, () => now);
    const show = () => document.dispatchEvent(new Event('visibilitychange'));
    show();
    now = SITE_REFRESH_MS + 1;
    show();
    await vi.waitFor(() => expect(api.requests.filter((r) => r.path === '/api/index/index')).toHaveLength(1));
    stop();
    now = 10 * SITE_REFRESH_MS;
    show();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.requests.filter((r) => r.path === '/api/index/index')).toHaveLength(1);
  });
});
