import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createTestKernel, descriptorsOf, fakeApi, fakeBrowser, testUser } from '../../tests/setup/kernel';
import { boot, NETWORK_POLL_MS } from './boot';
import { desktopRedirect, frontHost, isDesktop } from './device';
import { inlinePlugin, type InlinePlugin } from './plugin';
import type { SiteConfig } from '../core/site';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

const siteReply = (fields: Partial<SiteConfig> = {}, plugins: string[] = []) => ({
  site: { siteName: 'Shop', siteTheme: '#e93323', forceLogin: false, cdnUrl: '', apiUrl: '', ...fields },
  plugins: plugins.map((id) => ({ id, version: '1.0.0' })),
});

describe('desktop-only rule (spec §1)', () => {
  it('tells phones and tablets from desktops', () => {
    expect(isDesktop(DESKTOP)).toBe(true);
    expect(isDesktop(IPHONE)).toBe(false);
    expect(isDesktop(IPAD)).toBe(false);
    expect(isDesktop(ANDROID)).toBe(false);
  });

  it('derives the front host by replacing admin with www unless one is configured', () => {
    expect(frontHost('', 'admin.shop.test')).toBe('www.shop.test');
    expect(frontHost('m.shop.test', 'admin.shop.test')).toBe('m.shop.test');
  });

  it('redirects a phone only when the front host differs from the current host', () => {
    expect(desktopRedirect(IPHONE, '', 'admin.shop.test:8080')).toBe('www.shop.test:8080');
    expect(desktopRedirect(IPHONE, '', 'www.shop.test')).toBeNull();
    expect(desktopRedirect(IPHONE, '', '127.0.0.1:3000')).toBeNull();
    expect(desktopRedirect(IPHONE, 'shop.test', 'shop.test')).toBeNull();
    expect(desktopRedirect(DESKTOP, '', 'admin.shop.test')).toBeNull();
  });

  it('sends a phone on the admin host to the front host, keeping the route, and stops booting', async () => {
    const api = fakeApi();
    const browser = fakeBrowser({ userAgent: ANDROID, host: 'admin.shop.test' });
    const kernel = createTestKernel({ adapter: api, browser, booted: false });
    window.history.replaceState(null, '', '/#/goods/detail/detail?id=3');
    const result = await boot(kernel);
    expect(result.phase).toBe('redirecting');
    expect(browser.redirects).toEqual(['http://www.shop.test/#/goods/detail/detail?id=3']);
    expect(api.requests).toHaveLength(0);
  });

  it('boots normally on a phone when the front host is this host (no redirect loop)', async () => {
    const api = fakeApi({ '/api/index/index': () => siteReply() });
    const browser = fakeBrowser({ userAgent: IPHONE, host: 'www.shop.test' });
    const kernel = createTestKernel({ adapter: api, browser, booted: false });
    expect((await boot(kernel)).phase).toBe('ready');
    expect(browser.redirects).toEqual([]);
  });
});

describe('boot sequence (spec §1)', () => {
  it('polls the network every 300 ms until it is back, then loads the site', async () => {
    const api = fakeApi({ '/api/index/index': () => siteReply() });
    const browser = fakeBrowser({ online: false });
    const kernel = createTestKernel({ adapter: api, browser, booted: false });
    const sleeps: number[] = [];
    const phases: string[] = [];
    const result = await boot(kernel, {
      onPhase: (phase) => phases.push(phase),
      sleep: async (ms) => {
        sleeps.push(ms);
        expect(api.requests).toHaveLength(0);
        if (sleeps.length === 3) browser.online = true;
      },
    });
    expect(result.phase).toBe('ready');
    expect(sleeps).toEqual([NETWORK_POLL_MS, NETWORK_POLL_MS, NETWORK_POLL_MS]);
    expect(phases).toEqual(['offline', 'loading', 'ready']);
    expect(kernel.site.config?.siteName).toBe('Shop');
  });

  it('loads the code of the plugins that start at boot as soon as the site names them, the others only when asked', async () => {
    const booted: string[] = [];
    const make = (id: string, start?: 'always' | 'session'): InlinePlugin =>
      inlinePlugin({ id, version: '1.0.0', i18n: { en: { name: id }, 'zh-Hans': { name: id } }, start, boot: async () => void booted.push(id) });
    const plugins = [make('home', 'always'), make('coupon'), make('cart', 'session')];
    const reply = (ids: string[]) => ({ site: siteReply().site, plugins: descriptorsOf(plugins.filter((p) => ids.includes(p.id))) });
    const api = fakeApi({ '/api/index/index': () => reply(['home', 'coupon', 'cart']) });
    const kernel = createTestKernel({ plugins, adapter: api, booted: false });
    expect((await boot(kernel)).phase).toBe('ready');
    // Anonymous: only what starts always; the cart waits for a login, the coupon for its first use.
    expect(booted).toEqual(['home']);
    kernel.session.login(testUser({ id: 3 }));
    await waitFor(() => expect(booted).toEqual(['home', 'cart']));
    await kernel.plugins.load('coupon');
    expect(booted).toEqual(['home', 'cart', 'coupon']);
    expect(kernel.i18n.t('coupon:name')).toBe('coupon');
  });

  it('starts from the reply\'s plugin list when it differs from the bootstrap, and loads no disabled plugin', async () => {
    const booted: string[] = [];
    const make = (id: string): InlinePlugin =>
      inlinePlugin({ id, version: '1.0.0', i18n: { en: { name: id }, 'zh-Hans': { name: id } }, start: 'always', boot: async () => void booted.push(id) });
    const plugins = [make('home'), make('coupon'), make('seckill')];
    const api = fakeApi({ '/api/index/index': () => ({ site: siteReply().site, plugins: descriptorsOf(plugins.filter((p) => p.id !== 'coupon')) }) });
    const kernel = createTestKernel({ plugins, adapter: api, booted: false });
    await boot(kernel);
    expect(kernel.site.enabled.map((p) => p.id)).toEqual(['home', 'seckill']);
    expect(kernel.site.isEnabled('coupon')).toBe(false);
    expect(booted).toEqual(['home', 'seckill']);
    expect(await kernel.plugins.load('coupon')).toBeNull();
    expect(booted).toEqual(['home', 'seckill']);
    expect(kernel.i18n.t('seckill:name')).toBe('seckill');
  });

  it('sends an anonymous visitor to login when the site forces login', async () => {
    const api = fakeApi({ '/api/index/index': () => siteReply({ forceLogin: true }) });
    const kernel = createTestKernel({ adapter: api, booted: false });
    window.history.replaceState(null, '', '#/goods/detail/detail?id=1');
    await boot(kernel);
    expect(decodeURIComponent(window.location.hash)).toBe('#/pages/login/login?returnTo=/goods/detail/detail?id=1');
  });

  it('leaves a logged-in shopper where they are under forceLogin', async () => {
    const api = fakeApi({ '/api/index/index': () => siteReply({ forceLogin: true }) });
    const kernel = createTestKernel({ adapter: api, booted: false, user: { id: 3 } });
    window.history.replaceState(null, '', '#/goods/detail/detail?id=1');
    await boot(kernel);
    expect(window.location.hash).toBe('#/goods/detail/detail?id=1');
  });

  it('reports a failure, and a retry boots once the server answers', async () => {
    let up = false;
    const api = fakeApi({ '/api/index/index': () => (up ? siteReply() : { status: 503 }) });
    const kernel = createTestKernel({ adapter: api, booted: false });
    const failed = await boot(kernel);
    expect(failed.phase).toBe('failed');
    expect(failed.error?.status).toBe(503);
    up = true;
    expect((await boot(kernel)).phase).toBe('ready');
  });

  it('makes the site theme colour the --theme CSS variable', async () => {
    const api = fakeApi({ '/api/index/index': () => siteReply({ siteTheme: '#1677ff' }) });
    await boot(createTestKernel({ adapter: api, booted: false }));
    expect(document.documentElement.style.getPropertyValue('--theme')).toBe('#1677ff');
  });
});
