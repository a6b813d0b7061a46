import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { boot } from '@kernel/client/boot';
import type { IndexReply } from '@kernel/core/site';
import { card, categoryTree } from '@plugins/goods/fixtures';
import { catalogueStore } from '@plugins/goods/store';
import { createTestKernel, fakeApi, renderRoute, realDescriptor } from '../../tests/setup/kernel';
import type { HomeContent } from './contract';
import { homeStore } from './store';

const content: HomeContent = {
  banners: [{ id: 1, image: '/uploads/seed/banner-1.jpg', title: '数码焕新季', link: '' }],
  notices: [{ id: 9, title: '物流配送时效说明', content: '当天发货', created_at: 1_750_000_000 }],
};
const index = {
  site: { siteName: '优选商城', siteLogo: '', siteTheme: '#e93323', forceLogin: false, cdnUrl: '', apiUrl: '' },
  plugins: [realDescriptor('home'), realDescriptor('goods')],
} as IndexReply;

describe('the home page from the first-screen data in index.html', () => {
  it('renders banners, notices, categories and recommended goods without a single call', async () => {
    Object.assign(catalogueStore, { tree: [], status: 'idle', error: '' });
    Object.assign(homeStore, { content: null, status: 'idle', error: '' });
    const api = fakeApi({
      '/api/home/index': () => ({ banners: [], notices: [] }),
      '/api/goods/allCategoryTree': () => [],
      '/api/goods/goodsList': () => ({ list: [], total: 0, page: 1, limit: 6 }),
    });
    const data = {
      home: content,
      goods: { categories: categoryTree(), recommend: { list: [card(1, { name: '推荐好物' })], total: 1, page: 1, limit: 6 } },
    };
    const kernel = createTestKernel({ plugins: ['home', 'goods'], adapter: api, booted: false, bootstrap: { index, data } });
    await boot(kernel);
    renderRoute(kernel, '/');
    expect(await screen.findByRole('button', { name: '数码焕新季' })).toBeTruthy();
    expect(screen.getByText('物流配送时效说明')).toBeTruthy();
    expect(within(await screen.findByRole('region', { name: '商品分类' })).getByText('数码')).toBeTruthy();
    expect(within(await screen.findByRole('region', { name: '为你推荐' })).getByRole('link', { name: '推荐好物' })).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});
