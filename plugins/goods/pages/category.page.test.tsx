import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestKernel, failReply, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { categoryTree } from '../fixtures';
import { catalogueStore } from '../store';

beforeEach(() => {
  Object.assign(catalogueStore, { tree: [], status: 'idle', error: '' });
});

describe('category page', () => {
  it('shows first-level categories and the chosen one\'s children, leading to the list', async () => {
    const kernel = createTestKernel({ plugins: ['goods'], adapter: fakeApi({ '/api/goods/allCategoryTree': () => categoryTree() }) });
    renderRoute(kernel, '/pages/category/category');
    const digital = await screen.findByRole('button', { name: '数码' });
    expect(digital.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: '手机' }).getAttribute('href')).toBe('#/goods/list/list?category_id=11');
    expect(screen.getByRole('link', { name: '全部数码' }).getAttribute('href')).toBe('#/goods/list/list?category_id=1');

    fireEvent.click(screen.getByRole('button', { name: '服饰' }));
    expect(screen.getByRole('link', { name: '男装' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '手机' })).toBeNull();
  });

  it('is a tab page: the tab bar shows with the category tab active', async () => {
    const kernel = createTestKernel({ plugins: ['goods'], adapter: fakeApi({ '/api/goods/allCategoryTree': () => categoryTree() }) });
    renderRoute(kernel, '/pages/category/category');
    await screen.findByRole('button', { name: '数码' });
    expect(screen.getByRole('link', { name: /分类/ }).className).toMatch(/active/);
  });

  it('shows the refusal with a retry that loads again', async () => {
    const api = fakeApi({ '/api/goods/allCategoryTree': () => failReply('分类加载失败') });
    const kernel = createTestKernel({ plugins: ['goods'], adapter: api });
    renderRoute(kernel, '/pages/category/category');
    expect(await screen.findByText('分类加载失败')).toBeTruthy();
    api.on('/api/goods/allCategoryTree', () => categoryTree());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '数码' })).toBeTruthy();
  });

  it('says so when there are no categories', async () => {
    const kernel = createTestKernel({ plugins: ['goods'], adapter: fakeApi({ '/api/goods/allCategoryTree': () => [] }) });
    renderRoute(kernel, '/pages/category/category');
    await waitFor(() => expect(screen.getByText('暂无分类')).toBeTruthy());
  });
});
