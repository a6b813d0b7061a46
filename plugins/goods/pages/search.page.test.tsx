import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, failReply, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { card, categoryTree } from '../fixtures';
import { readRecent } from '../keywords';

function setup(hot: () => unknown = () => ({ list: [card(1, { name: '极光 X5 手机' }), card(2, { name: '声悦 运动耳机 S2', brand_name: '声悦' })], total: 2, page: 1, limit: 8 })) {
  const api = fakeApi({ '/api/goods/goodsList': hot, '/api/goods/allCategoryTree': () => categoryTree() });
  return { api, kernel: createTestKernel({ plugins: ['goods'], adapter: api }) };
}

describe('search page', () => {
  it('searches the typed keyword, remembers it and opens the results', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/goods/search/search');
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: ' 口红 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(decodeURIComponent(window.location.hash)).toBe('#/goods/list/list?keyword=口红'));
    expect(readRecent(kernel.storage)).toEqual(['口红']);
  });

  it('does not search an empty box', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/goods/search/search');
    fireEvent.click(await screen.findByRole('button', { name: '搜索' }));
    expect(window.location.hash).toBe('#/goods/search/search');
  });

  it('offers recent searches, newest first, and clears them', async () => {
    const { kernel } = setup();
    kernel.storage.set('goods.recentSearches', ['耳机', '手机']);
    renderRoute(kernel, '/goods/search/search');
    const recent = await screen.findByRole('region', { name: '最近搜索' });
    expect(within(within(recent).getByRole('group')).getAllByRole('button').map((b) => b.textContent)).toEqual(['耳机', '手机']);
    fireEvent.click(screen.getByRole('button', { name: '清空记录' }));
    expect(screen.queryByRole('region', { name: '最近搜索' })).toBeNull();
    expect(readRecent(kernel.storage)).toEqual([]);
  });

  it('keeps clearing the history apart from a popular word "Clear" below it', async () => {
    const api = fakeApi({
      '/api/goods/goodsList': () => ({ list: [card(1, { name: 'Clear Spring Mineral Water', brand_name: '' })], total: 1, page: 1, limit: 8 }),
      '/api/goods/allCategoryTree': () => categoryTree(),
    });
    const kernel = createTestKernel({ plugins: ['goods'], adapter: api, language: 'en' });
    kernel.storage.set('goods.recentSearches', ['earphones']);
    renderRoute(kernel, '/goods/search/search');
    const popular = await screen.findByRole('region', { name: 'Popular searches' });
    expect(within(popular).getByRole('button', { name: 'Clear' })).toBeTruthy();
    const recent = within(screen.getByRole('region', { name: 'Recent searches' }));
    // The heading's action says what it clears, and is no chip of the group.
    const clear = recent.getByRole('button', { name: 'Clear history' });
    expect(within(recent.getByRole('group')).queryByRole('button', { name: /Clear/ })).toBeNull();
    fireEvent.click(clear);
    expect(screen.queryByRole('region', { name: 'Recent searches' })).toBeNull();
    expect(within(popular).getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('offers popular searches from the recommended goods', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/goods/search/search');
    fireEvent.click(await screen.findByRole('button', { name: '运动耳机' }));
    await waitFor(() => expect(decodeURIComponent(window.location.hash)).toBe('#/goods/list/list?keyword=运动耳机'));
    expect(api.requests[0].body).toMatchObject({ recommend: 1, sort: 'sales', limit: 8 });
  });

  it('still works when popular searches cannot be loaded', async () => {
    const { kernel } = setup(() => failReply('busy'));
    renderRoute(kernel, '/goods/search/search');
    expect(await screen.findByRole('searchbox')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '热门搜索' })).toBeNull();
  });
});
