import { contribute, createExtensionPoint, createServiceRef } from '../core/extension';
import { describe, expect, it } from 'vitest';
import { createTestKernel, descriptorsOf } from '../../tests/setup/kernel';
import { inlinePlugin, provide, type InlinePlugin } from './plugin';
import { routeKey } from './registries';
import { applyIndex } from './site';

const page = () => Promise.resolve({ default: () => null });
const i18n = { en: {}, 'zh-Hans': {} };

const home = inlinePlugin({
  id: 'home',
  version: '1.0.0',
  i18n,
  routes: [{ path: '/pages/index/index', page, navBar: 'custom', title: 'home:title', tabbar: true }],
  menu: [{ slot: 'tabbar', id: 'home', label: 'home:tab', icon: 'home', to: '/pages/index/index', order: 1 }],
});
const member = inlinePlugin({
  id: 'member',
  version: '1.0.0',
  requires: ['home'],
  i18n,
  menu: [
    { slot: 'tabbar', id: 'mine', label: 'member:tab', icon: 'user', to: '/user/index', order: 9 },
    { slot: 'member.services', id: 'profile', label: 'member:profile', icon: 'user', to: '/user/profile/profile' },
  ],
});
const cart = inlinePlugin({
  id: 'cart',
  version: '1.0.0',
  requires: ['home'],
  i18n,
  routes: [{ path: '/cart/cart', page, navBar: 'default', title: 'cart:title', auth: true }],
  menu: [{ slot: 'tabbar', id: 'cart', label: 'cart:tab', icon: 'cart', to: '/cart/cart', order: 3 }],
});

const enable = (plugins: InlinePlugin[], ids: string[], kernel = createTestKernel({ plugins, enabled: ids })) => {
  applyIndex(kernel.site, { site: kernel.site.config!, plugins: descriptorsOf(plugins).filter((d) => ids.includes(d.id)) });
  return kernel;
};

describe('route registry', () => {
  it('treats / and /pages/index/index as the same page', () => {
    expect(routeKey('/')).toBe('/pages/index/index');
    expect(routeKey('')).toBe('/pages/index/index');
    expect(routeKey('/cart/cart/?x=1')).toBe('/cart/cart');
    const kernel = createTestKernel({ plugins: [home] });
    expect(kernel.routes.find('/')?.title).toBe('home:title');
  });

  it('knows only the routes of enabled plugins', () => {
    const kernel = createTestKernel({ plugins: [home, cart], enabled: ['home'] });
    expect(kernel.routes.find('/cart/cart')).toBeUndefined();
    enable([home, cart], ['home', 'cart'], kernel);
    expect(kernel.routes.find('/cart/cart')?.auth).toBe(true);
    expect(kernel.routes.list().map((r) => r.path)).toEqual(['/pages/index/index', '/cart/cart']);
  });
});

describe('menu registry', () => {
  it('orders a slot by `order` and drops entries of disabled plugins, live', () => {
    const kernel = createTestKernel({ plugins: [member, cart, home] });
    expect(kernel.menu.slot('tabbar').map((e) => `${e.plugin}.${e.id}`)).toEqual(['home.home', 'cart.cart', 'member.mine']);
    enable([member, cart, home], ['home', 'member'], kernel);
    expect(kernel.menu.slot('tabbar').map((e) => e.id)).toEqual(['home', 'mine']);
    enable([member, cart, home], ['home', 'member', 'cart'], kernel);
    expect(kernel.menu.slot('tabbar').map((e) => e.id)).toEqual(['home', 'cart', 'mine']);
  });

  it("hides an entry whose `siteFlag` the site config switches off, live, and keeps the plugin's others", () => {
    const daily = inlinePlugin({
      id: 'daily',
      version: '1.0.0',
      i18n,
      menu: [
        { slot: 'home.grid', id: 'daily', label: 'daily:menu', icon: 'check', to: '/daily/index', siteFlag: 'signIn' },
        { slot: 'home.grid', id: 'rules', label: 'daily:rules', icon: 'article', to: '/daily/rules' },
      ],
    });
    const kernel = createTestKernel({ plugins: [daily], site: { signIn: false } });
    expect(kernel.menu.slot('home.grid').map((e) => e.id)).toEqual(['rules']);
    applyIndex(kernel.site, { site: { ...kernel.site.config!, signIn: true }, plugins: descriptorsOf([daily]) });
    expect(kernel.menu.slot('home.grid').map((e) => e.id)).toEqual(['daily', 'rules']);
    applyIndex(kernel.site, { site: { ...kernel.site.config!, signIn: false }, plugins: descriptorsOf([daily]) });
    expect(kernel.menu.slot('home.grid').map((e) => e.id)).toEqual(['rules']);
  });

  it('loads plugins in dependency order, not discovery order', () => {
    const kernel = createTestKernel({ plugins: [member, cart, home] });
    expect(kernel.plugins.enabled().map((p) => p.id)).toEqual(['home', 'member', 'cart']);
  });
});

const adjusters = createExtensionPoint<{ id: string }>('test.adjusters');

describe('extensions', () => {
  it('lists the contributions of enabled plugins only', () => {
    const order = inlinePlugin({ id: 'order', version: '1', i18n, extensionPoints: ['test.adjusters'] });
    const coupon = inlinePlugin({ id: 'coupon', version: '1', i18n, requires: ['order'], contributes: contribute(adjusters, { id: 'coupon' }) });
    const seckill = inlinePlugin({ id: 'seckill', version: '1', i18n, requires: ['order'], contributes: contribute(adjusters, { id: 'seckill' }) });
    const kernel = createTestKernel({ plugins: [order, coupon, seckill], enabled: ['order', 'seckill'] });
    expect(kernel.extensions.list(adjusters)).toEqual([{ id: 'seckill' }]);
  });
});

describe('plugin mounting', () => {
  it('runs setup once per plugin, when its code is first needed, and registers its stores', async () => {
    const calls: string[] = [];
    const store = { count: 0 };
    const counted = inlinePlugin({ id: 'counted', version: '1', i18n, stores: { main: store }, setup: () => void calls.push('counted') });
    const later = inlinePlugin({ id: 'later', version: '1', i18n, setup: () => void calls.push('later') });
    const kernel = createTestKernel({ plugins: [counted, later], enabled: ['counted'] });
    expect(kernel.container.resolve('store:counted.main')).toBe(store);
    expect(calls).toEqual(['counted']);
    // Disabled: its code never loads.
    expect(await kernel.plugins.load('later')).toBeNull();
    enable([counted, later], ['counted', 'later'], kernel);
    // Enabled later: nothing runs until something needs it, then once.
    expect(calls).toEqual(['counted']);
    await Promise.all([kernel.plugins.load('later'), kernel.plugins.load('later')]);
    expect(calls).toEqual(['counted', 'later']);
  });
});

describe('plugin services', () => {
  const greeting = createServiceRef<() => string>('greeter', 'greet');

  it("loads the provider's code when first asked, makes the value once, and refuses while the provider is disabled", async () => {
    let made = 0;
    const greeter = inlinePlugin({
      id: 'greeter',
      version: '1',
      i18n,
      provides: [provide(greeting, (kernel) => (made++, () => `hello ${kernel.i18n.language}`))],
    });
    const kernel = createTestKernel({ plugins: [greeter], enabled: [] });
    await expect(kernel.plugins.service(greeting)).rejects.toThrow(/not enabled/);
    enable([greeter], ['greeter'], kernel);
    const [first, second] = await Promise.all([kernel.plugins.service(greeting), kernel.plugins.service(greeting)]);
    expect(first).toBe(second);
    expect(made).toBe(1);
    expect(first()).toMatch(/^hello /);
    await expect(kernel.plugins.service(createServiceRef('greeter', 'other'))).rejects.toThrow(/provides no service/);
  });
});
