import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeApi } from '../../../tests/setup/kernel';
import { brandList, card, categoryTree } from '../fixtures';
import { catalogueStore } from '../store';

const lists = (api: FakeApi) => api.requests.filter((r) => r.path === '/api/goods/goodsList').map((r) => r.body);

function setup(list: (body: Record<string, unknown>) => unknown = () => ({ list: [card(1), card(2)], total: 2, page: 1, limit: 10 })) {
  const api = fakeApi({
    '/api/goods/allCategoryTree': () => categoryTree(),
    '/api/goods/goodsList': list,
    '/api/goods/getBrand': () => brandList(),
  });
  const kernel = createTestKernel({ plugins: ['goods'], adapter: api });
  return { api, kernel };
}

beforeEach(() => {
  Object.assign(catalogueStore, { tree: categoryTree(), status: 'ready', error: '' });
});

describe('goods list page', () => {
  it('lists the goods of the query\'s category and keyword as cards leading to the detail', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/goods/list/list?category_id=1&keyword=X5');
    const first = await screen.findByRole('link', { name: '商品 1' });
    expect(first.getAttribute('href')).toBe('#/goods/detail/detail?id=1');
    expect(within(first).getByText('已售 10')).toBeTruthy();
    expect(lists(api)[0]).toMatchObject({ category_id: 1, keyword: 'X5', sort: 'default', page: 1, limit: 10 });
    expect(screen.getByRole('button', { name: /X5/ })).toBeTruthy();
  });

  it('shows the category name in the search box and opens search when tapped', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/goods/list/list?category_id=12');
    fireEvent.click(await screen.findByRole('button', { name: /耳机/ }));
    await waitFor(() => expect(window.location.hash).toBe('#/goods/search/search'));
  });

  it('sorts by sales, then by price ascending and, tapped again, descending', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/goods/list/list');
    await screen.findByRole('link', { name: '商品 1' });
    fireEvent.click(screen.getByRole('button', { name: '销量' }));
    await waitFor(() => expect(lists(api).at(-1)).toMatchObject({ sort: 'sales', order: 'desc' }));
    fireEvent.click(screen.getByRole('button', { name: /价格/ }));
    await waitFor(() => expect(lists(api).at(-1)).toMatchObject({ sort: 'price', order: 'asc' }));
    fireEvent.click(screen.getByRole('button', { name: /价格/ }));
    await waitFor(() => expect(lists(api).at(-1)).toMatchObject({ sort: 'price', order: 'desc' }));
    expect(screen.getByRole('button', { name: /价格/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by brand and price range from the sheet, leaving out an amount that is not one', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/goods/list/list?category_id=1');
    await screen.findByRole('link', { name: '商品 1' });
    fireEvent.click(screen.getByRole('button', { name: /筛选/ }));
    const sheet = await screen.findByRole('dialog');
    fireEvent.click(await within(sheet).findByRole('button', { name: '声悦' }));
    fireEvent.change(within(sheet).getByLabelText('最低价'), { target: { value: '100' } });
    fireEvent.change(within(sheet).getByLabelText('最高价'), { target: { value: 'abc' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(lists(api).at(-1)).toMatchObject({ brand_id: 2, price_min: '100' }));
    expect(lists(api).at(-1)).not.toHaveProperty('price_max');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.find((r) => r.path === '/api/goods/getBrand')?.body).toEqual({ category_id: 1 });
  });

  it('loads the next page on "load more" and stops at the total', async () => {
    const { api, kernel } = setup((body) => {
      const page = Number(body.page);
      return { list: page === 1 ? Array.from({ length: 10 }, (_, i) => card(i + 1)) : [card(11), card(12)], total: 12, page, limit: 10 };
    });
    renderRoute(kernel, '/goods/list/list');
    await screen.findByRole('link', { name: '商品 10' });
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('link', { name: '商品 12' })).toBeTruthy();
    expect(lists(api).map((b) => b.page)).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    const { kernel } = setup(() => ({ list: [], total: 0, page: 1, limit: 10 }));
    renderRoute(kernel, '/goods/list/list?keyword=nothing');
    expect(await screen.findByText('没有找到相关商品')).toBeTruthy();
  });

  it('shows a refusal with a retry', async () => {
    const { api, kernel } = setup(() => failReply('价格区间有误'));
    renderRoute(kernel, '/goods/list/list');
    expect(await screen.findByText('价格区间有误')).toBeTruthy();
    api.on('/api/goods/goodsList', () => ({ list: [card(3)], total: 1, page: 1, limit: 10 }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '商品 3' })).toBeTruthy();
  });
});
