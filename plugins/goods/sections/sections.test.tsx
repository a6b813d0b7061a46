import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { valuesOf } from '@kernel/core/extension';
import { homeSections } from '@plugins/home/public-client';
import goods from '../index';
import { createTestKernel, failReply, fakeApi, renderWithKernel } from '../../../tests/setup/kernel';
import { card, categoryTree } from '../fixtures';
import { catalogueStore } from '../store';
import CategoryGrid from './CategoryGrid';
import RecommendList from './RecommendList';

beforeEach(() => {
  Object.assign(catalogueStore, { tree: [], status: 'idle', error: '' });
});

describe('goods sections on the home page', () => {
  it('are contributed in order: categories, then recommended goods', () => {
    expect(valuesOf(goods.contributes ?? [], homeSections).map((s) => [s.id, s.order])).toEqual([
      ['goods.categories', 10],
      ['goods.recommend', 20],
    ]);
  });

  it('fill the category store in the boot hook', async () => {
    const kernel = createTestKernel({ plugins: ['goods'], adapter: fakeApi({ '/api/goods/allCategoryTree': () => categoryTree() }) });
    await goods.boot?.(kernel);
    expect(catalogueStore.tree.map((n) => n.categoryName)).toEqual(['数码', '服饰']);
  });

  it('show first-level categories leading to their lists', async () => {
    const kernel = createTestKernel({ plugins: ['goods'], adapter: fakeApi({ '/api/goods/allCategoryTree': () => categoryTree() }) });
    renderWithKernel(<CategoryGrid />, kernel);
    expect((await screen.findByRole('link', { name: '服饰' })).getAttribute('href')).toBe('#/goods/list/list?category_id=2');
    expect(screen.queryByRole('link', { name: '手机' })).toBeNull();
  });

  it('offer a retry when the categories cannot be loaded', async () => {
    const api = fakeApi({ '/api/goods/allCategoryTree': () => failReply('网络繁忙') });
    renderWithKernel(<CategoryGrid />, createTestKernel({ plugins: ['goods'], adapter: api }));
    expect(await screen.findByText('网络繁忙')).toBeTruthy();
    api.on('/api/goods/allCategoryTree', () => categoryTree());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '数码' })).toBeTruthy();
  });

  it('list recommended goods and hide the section when there are none', async () => {
    const api = fakeApi({ '/api/goods/goodsList': () => ({ list: [card(5, { name: '推荐好物' })], total: 1, page: 1, limit: 6 }) });
    const kernel = createTestKernel({ plugins: ['goods'], adapter: api });
    const view = renderWithKernel(<Suspense><RecommendList /></Suspense>, kernel);
    expect(await screen.findByRole('link', { name: '推荐好物' })).toBeTruthy();
    expect(api.requests[0].body).toMatchObject({ recommend: 1, page: 1, limit: 6 });
    view.unmount();

    const none = fakeApi({ '/api/goods/goodsList': () => ({ list: [], total: 0, page: 1, limit: 6 }) });
    renderWithKernel(<RecommendList />, createTestKernel({ plugins: ['goods'], adapter: none }));
    expect(screen.getByRole('region', { name: '为你推荐' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: '为你推荐' })).toBeNull());
    expect(none.requests).toHaveLength(1);
  });
});
