import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inlinePlugin } from '@kernel/client/plugin';
import { card, categoryTree } from '@plugins/goods/fixtures';
import { catalogueStore } from '@plugins/goods/store';
import home from '../index';
import { createTestKernel, failReply, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import type { HomeContent } from '../contract';
import { homeStore } from '../store';

const content = (): HomeContent => ({
  banners: [
    { id: 1, image: '/uploads/seed/banner-1.jpg', title: '数码焕新季', link: '/goods/list/list?keyword=极光' },
    { id: 2, image: '/uploads/seed/banner-2.jpg', title: '鲜果到家', link: '/marketing/seckill/seckill' },
  ],
  notices: [{ id: 9, title: '物流配送时效说明', content: '每日 16:00 前付款的订单当天发货。', created_at: 1_750_000_000 }],
});

function setup({ answer = content as () => unknown, enabled = ['home', 'goods'], extra = [] as ReturnType<typeof inlinePlugin>[] } = {}) {
  Object.assign(catalogueStore, { tree: [], status: 'idle', error: '' });
  Object.assign(homeStore, { content: null, status: 'idle', error: '' });
  const api = fakeApi({
    '/api/home/index': answer,
    '/api/goods/allCategoryTree': () => categoryTree(),
    '/api/goods/goodsList': () => ({ list: [card(1, { name: '推荐好物' })], total: 1, page: 1, limit: 6 }),
  });
  const kernel = createTestKernel({ plugins: ['home', 'goods', ...extra], enabled, adapter: api, site: { siteName: '优选商城', siteLogo: '/uploads/seed/logo.jpg' } });
  return { api, kernel };
}

describe('home page', () => {
  it('shows the header, banners, notices and the goods sections, at / as at /pages/index/index', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/');
    expect(await screen.findByRole('button', { name: '数码焕新季' })).toBeTruthy();
    expect(screen.getByText('优选商城')).toBeTruthy();
    expect(screen.getByRole('link', { name: '搜索商品' }).getAttribute('href')).toBe('#/goods/search/search');
    const banners = [...document.querySelectorAll('.home-banner img')];
    expect(banners.map((img) => img.getAttribute('src'))).toEqual(['/uploads/seed/banner-1.jpg?w=750', '/uploads/seed/banner-2.jpg?w=750']);
    expect(banners.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    expect(screen.getByText('物流配送时效说明')).toBeTruthy();
    const categories = await screen.findByRole('region', { name: '商品分类' });
    expect(within(categories).getByText('数码')).toBeTruthy();
    const recommend = await screen.findByRole('region', { name: '为你推荐' });
    expect(await within(recommend).findByRole('link', { name: '推荐好物' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /首页/ }).className).toMatch(/active/);
  });

  it('opens a notice in a modal', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/pages/index/index');
    fireEvent.click(await screen.findByText('物流配送时效说明'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('每日 16:00 前付款的订单当天发货。')).toBeTruthy();
  });

  it('follows a banner link to a mounted route and ignores one to a route no plugin serves', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/');
    // The second banner is out of view (and out of reach) until the carousel shows it.
    await screen.findByRole('button', { name: '数码焕新季' });
    expect(screen.queryByRole('button', { name: '鲜果到家' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看第 2 张' }));
    fireEvent.click(screen.getByRole('button', { name: '鲜果到家' }));
    expect(window.location.hash).toBe('#/');
    fireEvent.click(screen.getByRole('button', { name: '查看第 1 张' }));
    fireEvent.click(screen.getByRole('button', { name: '数码焕新季' }));
    await waitFor(() => expect(decodeURIComponent(window.location.hash)).toBe('#/goods/list/list?keyword=极光'));
  });

  it('has no search bar and no goods sections when the site switches goods off', async () => {
    const { api, kernel } = setup({ enabled: ['home'] });
    renderRoute(kernel, '/');
    await screen.findByRole('button', { name: '数码焕新季' });
    expect(screen.queryByRole('link', { name: '搜索商品' })).toBeNull();
    expect(screen.queryByRole('region', { name: '为你推荐' })).toBeNull();
    expect(api.requests.some((r) => r.path.startsWith('/api/goods/'))).toBe(false);
  });

  it('renders the home.grid menu slot that other plugins fill', async () => {
    const signin = inlinePlugin({
      id: 'signin', version: '1.0.0', i18n: { en: { label: 'Sign in' }, 'zh-Hans': { label: '签到' } },
      menu: [{ slot: 'home.grid', id: 'signin', label: 'signin:label', icon: 'gift', to: '/marketing/signin/signin' }],
    });
    const { kernel } = setup({ enabled: ['home', 'signin'], extra: [signin] });
    renderRoute(kernel, '/');
    expect((await screen.findByRole('link', { name: /签到/ })).getAttribute('href')).toBe('#/marketing/signin/signin');
  });

  it('lays the shortcut row out for the entries present: three shortcuts, three columns, no empty slot', async () => {
    const shortcuts = inlinePlugin({
      id: 'signin', version: '1.0.0', i18n: { en: { a: 'A', b: 'B', c: 'C' }, 'zh-Hans': { a: '签到', b: '领券', c: '抽奖' } },
      menu: ['a', 'b', 'c'].map((id) => ({ slot: 'home.grid', id, label: `signin:${id}`, icon: 'gift', to: `/${id}` })),
    });
    const { kernel } = setup({ enabled: ['home', 'signin'], extra: [shortcuts] });
    renderRoute(kernel, '/');
    const grid = (await screen.findByRole('link', { name: /签到/ })).closest('.home-grid') as HTMLElement;
    expect(grid.style.gridTemplateColumns).toBe('repeat(3, 1fr)');
    expect(grid.querySelectorAll('.sf-grid__item')).toHaveLength(3);
  });

  it('says the store is being set up when there is nothing to show', async () => {
    const { kernel } = setup({ answer: () => ({ banners: [], notices: [] }), enabled: ['home'] });
    renderRoute(kernel, '/');
    expect(await screen.findByText('店铺正在布置中，稍后再来看看吧')).toBeTruthy();
  });

  it('shows a failure with a retry that loads the content', async () => {
    const { api, kernel } = setup({ answer: () => failReply('服务繁忙') });
    renderRoute(kernel, '/');
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/home/index', () => content());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '数码焕新季' })).toBeTruthy();
  });

  it('fetches its content in the boot hook, so the page shows it without another call', async () => {
    const { api, kernel } = setup();
    await home.boot?.(kernel);
    renderRoute(kernel, '/');
    expect(await screen.findByRole('button', { name: '数码焕新季' })).toBeTruthy();
    expect(api.requests.filter((r) => r.path === '/api/home/index')).toHaveLength(1);
  });
});
