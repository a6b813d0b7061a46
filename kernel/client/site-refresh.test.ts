import { act, screen } from '@testing-library/react';
import { createElement } from 'react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, fakeApi, heldReply, inlinePlugin, renderRoute } from '../../tests/setup/kernel';
import { splitPlugin, type InlinePlugin, type PageProps } from './plugin';
import type { Kernel } from './kernel';
import { loadKernelCalls } from './kernel-calls';
import { fakeSiteEvents, type FakeSiteEvents } from './site-events.fake';
import { SITE_REFRESH_MS, refreshSite, watchSite } from './site-refresh';
import { EventSourceFactoryToken } from './tokens';

const i18n = (en: Record<string, string>, zh: Record<string, string>) => ({ en, 'zh-Hans': zh });
const page = (text: string) => async () => ({ default: (_: PageProps) => createElement('p', null, text) });

function plugins(booted: string[] = []): InlinePlugin[] {
  return [
    inlinePlugin({
      id: 'home',
      version: '1.0.0',
      i18n: i18n({ tab: 'Home', title: 'Home' }, { tab: '首页', title: '首页' }),
      routes: [{ path: '/pages/index/index', page: page('home page'), navBar: 'default', title: 'home:title', tabbar: true }],
      menu: [{ slot: 'tabbar', id: 'home', label: 'home:tab', icon: 'home', to: '/pages/index/index', order: 1 }],
    }),
    inlinePlugin({
      id: 'cart',
      version: '1.0.0',
      i18n: i18n({ tab: 'Cart', title: 'Cart' }, { tab: '购物车', title: '购物车' }),
      routes: [{ path: '/cart/cart', page: page('cart page'), navBar: 'default', title: 'cart:title', tabbar: true }],
      menu: [{ slot: 'tabbar', id: 'cart', label: 'cart:tab', icon: 'cart', to: '/cart/cart', order: 2 }],
      start: 'always',
      boot: async () => void booted.push('cart'),
    }),
  ];
}

/** The index reply of a site running `ids` (of `plugins()`). */
const reply = (ids: string[]) => ({
  site: { siteName: 'Shop', siteTheme: '#e93323', forceLogin: false, cdnUrl: '', apiUrl: '' },
  plugins: plugins()
    .filter((p) => ids.includes(p.id))
    .map((p) => splitPlugin(p).descriptor),
});

function setup(answer: () => unknown, options: { events?: FakeSiteEvents; apiUrl?: string } = {}) {
  const booted: string[] = [];
  const api = fakeApi({ '/api/index/index': answer, '/api/index/getServerTime': () => ({ time: 0, timezone: 'Asia/Shanghai', date: '' }) });
  const container = rootContainer.createChildContainer();
  if (options.events) container.register(EventSourceFactoryToken, { useValue: options.events.factory });
  const kernel = createTestKernel({ plugins: plugins(booted), enabled: ['home'], adapter: api, container, site: { apiUrl: options.apiUrl ?? '' } });
  const reads = () => api.requests.filter((r) => r.path === '/api/index/index').length;
  return { kernel, api, booted, reads };
}

/**
 * Asks the server's time the way refreshSite asks for the site (the kernel's calls, then one POST),
 * and waits for the answer: a read that an event or the tab started before this has been sent by then.
 */
async function probe(kernel: Kernel): Promise<void> {
  const calls = await loadKernelCalls();
  await kernel.http.data(calls.serverTime, {}, { toastError: false });
}

const stops: (() => void)[] = [];
const watch = (...args: Parameters<typeof watchSite>) => {
  const stop = watchSite(...args);
  stops.push(stop);
  return stop;
};
afterEach(() => stops.splice(0).forEach((stop) => stop()));

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};
afterEach(() => {
  // Back to jsdom's own (visible) state.
  delete (document as { visibilityState?: unknown }).visibilityState;
});

describe('site refresh for open tabs', () => {
  it('starts a plugin the site switched on since the page loaded', async () => {
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

  it('without a stream, asks again only when the page becomes visible after a minute', async () => {
    // jsdom has no EventSource: the tab keeps the visibility rule.
    const { kernel, reads } = setup(() => reply(['home']));
    let now = 0;
    const stop = watch(kernel, () => now);
    setVisibility('visible');
    now = SITE_REFRESH_MS + 1;
    setVisibility('visible');
    await vi.waitFor(() => expect(reads()).toBe(1));
    stop();
    now = 10 * SITE_REFRESH_MS;
    setVisibility('visible');
    await probe(kernel);
    expect(reads()).toBe(1);
  });
});

describe('site event stream in an open tab', () => {
  it('opens the stream under the site’s apiUrl once the app is up, and closes it when stopped', () => {
    const events = fakeSiteEvents();
    const { kernel } = setup(() => reply(['home']), { events, apiUrl: 'https://api.shop.test/' });
    expect(events.streams).toHaveLength(0);
    const stop = watch(kernel);
    expect(events.streams.map((s) => s.url)).toEqual(['https://api.shop.test/api/site/events']);
    stop();
    expect(events.live()).toBeUndefined();
  });

  it('shows an enabled plugin’s tab and page, and drops a disabled one’s, while the tab stays in view', async () => {
    const events = fakeSiteEvents();
    let running = ['home'];
    const { kernel, booted } = setup(() => reply(running), { events });
    renderRoute(kernel, '/');
    await screen.findByText('home page');
    watch(kernel);
    act(() => events.live()!.accept(['home']));
    expect(screen.queryByRole('link', { name: /购物车/ })).toBeNull();

    running = ['home', 'cart'];
    act(() => events.live()!.send('site', running));
    expect(await screen.findByRole('link', { name: /购物车/ })).toBeTruthy();
    await vi.waitFor(() => expect(booted).toEqual(['cart']));
    await act(async () => kernel.nav.to('/cart/cart'));
    expect(await screen.findByText('cart page')).toBeTruthy();

    running = ['home'];
    act(() => events.live()!.send('site', running));
    expect(await screen.findAllByText('页面不存在')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /购物车/ })).toBeNull();
  });

  it('reads the site twice at most for a burst of events', async () => {
    const events = fakeSiteEvents();
    const held = heldReply<unknown>();
    let first = true;
    const { kernel, reads, booted } = setup(() => (first ? ((first = false), held.reply) : reply(['home', 'cart'])), { events });
    watch(kernel);
    events.live()!.accept(['home']);
    for (let i = 0; i < 5; i++) events.live()!.send('site', ['home', 'cart']);
    await vi.waitFor(() => expect(reads()).toBe(1));
    // The first read finds nothing new; the one for the rest of the burst finds cart and starts it, its last step.
    held.release(reply(['home']));
    await vi.waitFor(() => expect(booted).toEqual(['cart']));
    // A third read would have been asked as that one ended, before the probe.
    await probe(kernel);
    expect(reads()).toBe(2);
    expect(kernel.site.isEnabled('cart')).toBe(true);
  });

  it('reads the site on `hello` only when the server runs other plugins than the tab', async () => {
    const events = fakeSiteEvents();
    const { kernel, reads } = setup(() => reply(['home', 'cart']), { events });
    watch(kernel);
    events.live()!.accept(['home']);
    await probe(kernel);
    expect(reads()).toBe(0);
    // A toggle between the page's load and the stream's opening.
    events.live()!.fail();
    events.live()!.accept(['home', 'cart']);
    await vi.waitFor(() => expect(kernel.site.isEnabled('cart')).toBe(true));
    expect(reads()).toBe(1);
  });

  it('lets the stream go while the tab is hidden and opens it again with the last id when shown', async () => {
    const events = fakeSiteEvents();
    let now = 0;
    const { kernel, reads } = setup(() => reply(['home']), { events });
    watch(kernel, () => now);
    events.live()!.accept(['home'], 'k1.2');
    setVisibility('hidden');
    expect(events.live()).toBeUndefined();
    now = 10 * SITE_REFRESH_MS;
    setVisibility('visible');
    expect(events.live()!.url).toBe('/api/site/events?since=k1.2');
    // The stream was live: the server says what was missed, the tab does not ask by itself.
    await probe(kernel);
    expect(reads()).toBe(0);
  });

  it('falls back to the visibility rule when the stream is refused', async () => {
    const events = fakeSiteEvents();
    let now = 0;
    const { kernel, reads } = setup(() => reply(['home']), { events });
    watch(kernel, () => now);
    events.live()!.fail(true);
    now = SITE_REFRESH_MS + 1;
    setVisibility('visible');
    await vi.waitFor(() => expect(reads()).toBe(1));
    // …and tries a new stream.
    expect(events.streams).toHaveLength(2);
  });
});
