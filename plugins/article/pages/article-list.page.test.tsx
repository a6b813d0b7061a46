import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { article, articlePage } from '../client-fixtures';
import { ARTICLE_LIST_PATH } from '../paths';

function setup(list: FakeHandler, options: { path?: string; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/article/list': list });
  const kernel = createTestKernel({ plugins: ['article'], adapter: api, language: options.language });
  renderRoute(kernel, options.path ?? ARTICLE_LIST_PATH);
  return { api, kernel };
}

const asked = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/article/list').map((r) => r.body);
const titles = () => screen.queryAllByRole('link', { name: /^文章\d+$/ }).map((link) => link.getAttribute('aria-label'));
const tabs = () => screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]);

describe('article list page', () => {
  it('shows skeletons, then each article with its cover, title, summary, date and reads, opening the article', async () => {
    const { reply, release } = heldReply();
    setup(() => reply);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: '文章资讯' })).toBeTruthy();
    release(articlePage([article(2, { reads: 128 }), article(1, { cover: '' })]));

    await waitFor(() => expect(titles()).toEqual(['文章2', '文章1']));
    expect(screen.queryByTestId('skeleton')).toBeNull();
    const card = within(screen.getByRole('link', { name: '文章2' }));
    expect(card.getByText('文章2的摘要').className).toContain('sf-two-lines');
    expect(card.getByText('2026-11-20')).toBeTruthy();
    expect(card.getByText('128 阅读')).toBeTruthy();
    expect(screen.getByRole('link', { name: '文章2' }).getAttribute('href')).toBe('#/article/detail?id=2');
    expect(screen.getByRole('link', { name: '文章2' }).querySelector('img')?.getAttribute('src')).toBe('/uploads/seed/article-2.jpg?w=750');
    expect(screen.getByRole('link', { name: '文章1' }).querySelector('img')).toBeNull();
  });

  it('has the categories as tabs, all first; a tab shows its articles and is kept in the URL', async () => {
    const { api } = setup((body) => articlePage(body.category_id === 2 ? [article(5, { category_id: 2 })] : [article(2), article(1)]));
    await waitFor(() => expect(titles()).toEqual(['文章2', '文章1']));
    expect(tabs()).toEqual([['全部', 'true'], ['新品速递', 'false'], ['生活方式', 'false']]);

    fireEvent.click(screen.getByRole('tab', { name: '生活方式' }));
    await waitFor(() => expect(titles()).toEqual(['文章5']));
    expect(currentLocation()).toBe(`${ARTICLE_LIST_PATH}?category_id=2`);
    expect(tabs()[2]).toEqual(['生活方式', 'true']);
    expect(asked(api)).toEqual([{ page: 1, limit: 10 }, { category_id: 2, page: 1, limit: 10 }]);

    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(titles()).toEqual(['文章2', '文章1']));
    expect(currentLocation()).toBe(ARTICLE_LIST_PATH);
  });

  it('searches by keyword within the category, says what it found, and clears the search', async () => {
    const { api } = setup((body) => articlePage(body.keyword ? [article(3, { title: '文章3' })] : [article(2), article(1)]), {
      path: `${ARTICLE_LIST_PATH}?category_id=1`,
    });
    await waitFor(() => expect(titles()).toEqual(['文章2', '文章1']));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索文章' }), { target: { value: ' 咖啡 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));

    await waitFor(() => expect(titles()).toEqual(['文章3']));
    expect(decodeURIComponent(currentLocation())).toBe(`${ARTICLE_LIST_PATH}?category_id=1&keyword=咖啡`);
    expect(asked(api).at(-1)).toEqual({ category_id: 1, keyword: '咖啡', page: 1, limit: 10 });
    expect(screen.getByRole('status').textContent).toContain('“咖啡”相关文章 1 篇');

    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    await waitFor(() => expect(titles()).toEqual(['文章2', '文章1']));
    expect(currentLocation()).toBe(`${ARTICLE_LIST_PATH}?category_id=1`);
    expect((screen.getByRole('searchbox', { name: '搜索文章' }) as HTMLInputElement).value).toBe('');
  });

  it('says there are no articles yet, none in a category, or none that match', async () => {
    const { api } = setup(() => articlePage([], { categories: [] }));
    expect(await screen.findByText('还没有文章，过几天再来看看吧')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();

    api.on('/api/article/list', () => articlePage([]));
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索文章' }), { target: { value: '火星' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有与“火星”相关的文章')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    fireEvent.click(await screen.findByRole('tab', { name: '新品速递' }));
    expect(await screen.findByText('这个分类还没有文章')).toBeTruthy();
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/article/list', () => articlePage([article(1)]));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(titles()).toEqual(['文章1']));
  });

  it('loads the next page on demand', async () => {
    const all = Array.from({ length: 12 }, (_, i) => article(12 - i));
    const { api } = setup((body) => {
      const page = Number(body.page);
      return articlePage(all.slice((page - 1) * 10, page * 10), { total: 12, page });
    });
    await waitFor(() => expect(titles()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(titles()).toHaveLength(12));
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(asked(api).map((body) => body.page)).toEqual([1, 2]);
  });

  it('speaks English', async () => {
    setup(() => articlePage([article(1, { title: 'Slow mornings', reads: 1 })]), { language: 'en' });
    expect(await screen.findByText('1 read')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Articles' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toBeTruthy();
  });

  it('is reached from the home grid, and the notices from the member centre', () => {
    const kernel = createTestKernel({ plugins: ['article'] });
    const [articles] = kernel.menu.slot('home.grid').filter((entry) => entry.plugin === 'article');
    expect(articles).toMatchObject({ to: ARTICLE_LIST_PATH, label: 'article:menu.articles' });
    const [notices] = kernel.menu.slot('member.services').filter((entry) => entry.plugin === 'article');
    expect(notices).toMatchObject({ to: '/article/notice/notice', label: 'article:menu.notices' });
    expect([articles.icon, notices.icon].every(isIconName)).toBe(true);
  });
});
