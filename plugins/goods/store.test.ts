import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { createTestKernel, failReply, fakeApi } from '../../tests/setup/kernel';
import { categoryTree } from './fixtures';
import { bootCatalogue, findCategory, loadCategories, recommendSeed, type CatalogueState } from './store';

const fresh = () => proxy<CatalogueState>({ tree: [], status: 'idle', error: '' });

describe('category store', () => {
  it('loads the tree once, however many ask at the same time', async () => {
    const api = fakeApi({ '/api/goods/allCategoryTree': () => categoryTree() });
    const kernel = createTestKernel({ adapter: api });
    const store = fresh();
    await Promise.all([loadCategories(kernel.http, store), loadCategories(kernel.http, store)]);
    await loadCategories(kernel.http, store);
    expect(store.status).toBe('ready');
    expect(store.tree.map((n) => n.categoryName)).toEqual(['数码', '服饰']);
    expect(api.requests.filter((r) => r.path === '/api/goods/allCategoryTree')).toHaveLength(1);
  });

  it('keeps the refusal message and loads again when forced', async () => {
    const api = fakeApi({ '/api/goods/allCategoryTree': () => failReply('服务繁忙') });
    const kernel = createTestKernel({ adapter: api });
    const store = fresh();
    await expect(loadCategories(kernel.http, store)).resolves.toBeUndefined();
    expect(store).toMatchObject({ status: 'error', error: '服务繁忙', tree: [] });
    api.on('/api/goods/allCategoryTree', () => categoryTree());
    await loadCategories(kernel.http, store, true);
    expect(store.status).toBe('ready');
    expect(store.error).toBe('');
  });

  it('follows the language: a tree written in another one is fetched again, and a switch reloads it', async () => {
    const named = (lang: string | null) => categoryTree().map((n) => ({ ...n, categoryName: lang === 'en' ? 'Digital' : n.categoryName }));
    const api = fakeApi({ '/api/goods/allCategoryTree': (_body, request) => named(request.headers.get('Lang')) });
    const kernel = createTestKernel({ adapter: api, language: 'en', bootstrap: { data: { goods: { categories: categoryTree(), recommend: { list: [], total: 0, page: 1, limit: 10 } } }, language: 'zh-Hans' } });
    const store = fresh();
    await bootCatalogue(kernel, store);
    expect(store.tree[0].categoryName).toBe('Digital');
    expect(recommendSeed(kernel)).toBeNull();
    await kernel.locale.setLanguage('zh-Hans');
    await waitFor(() => expect(store.tree[0].categoryName).toBe('数码'));
    expect(store.language).toBe('zh-Hans');
  });

  it('finds a category at any level', () => {
    const tree = categoryTree();
    expect(findCategory(tree, 12)?.categoryName).toBe('耳机');
    expect(findCategory(tree, 2)?.categoryName).toBe('服饰');
    expect(findCategory(tree, 99)).toBeUndefined();
  });
});
