import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { card } from '@plugins/goods/fixtures';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { articleDetail } from '../client-fixtures';
import { ARTICLE_LIST_PATH, articlePath } from '../paths';

function setup(detail: FakeHandler, options: { path?: string; user?: boolean; cdnUrl?: string; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/article/detail': detail });
  const user = options.user ? { id: 7 } : undefined;
  const kernel = createTestKernel({ plugins: ['article'], adapter: api, user, site: { cdnUrl: options.cdnUrl ?? '' }, language: options.language });
  const view = renderRoute(kernel, options.path ?? articlePath(3));
  return { api, kernel, view };
}

const asked = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/article/detail').map((r) => r.body);
const post = () => within(screen.getByRole('article'));

beforeEach(() => localStorage.clear());

describe('article detail page', () => {
  it('shows a skeleton, then the title, category, time, reads and the body with its pictures on the CDN', async () => {
    const { reply, release } = heldReply();
    setup(() => reply, { cdnUrl: 'https://cdn.example.com' });
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    release(articleDetail(3, { title: '秋冬穿搭', reads: 42, body: '<p>第一段</p><img src="/uploads/seed/a.jpg" alt="外套"><img src="https://img.example.com/b.jpg">' }));

    expect(await screen.findByRole('heading', { name: '秋冬穿搭' })).toBeTruthy();
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(post().getByText('新品速递')).toBeTruthy();
    expect(post().getByText('2026-11-20 09:30:00')).toBeTruthy();
    expect(post().getByText('阅读 42')).toBeTruthy();
    expect(post().getByText('第一段')).toBeTruthy();
    const pictures = screen.getByRole('article').querySelectorAll('img');
    expect([...pictures].map((img) => [img.getAttribute('src'), img.getAttribute('loading')])).toEqual([
      ['https://cdn.example.com/uploads/seed/a.jpg?w=750', 'lazy'],
      ['https://img.example.com/b.jpg', 'lazy'],
    ]);
  });

  it('shows the goods the article links as cards that open them', async () => {
    setup(() => articleDetail(3, { goods: [card(11, { name: '羊毛大衣', price: '599.00' }), card(12, { name: '围巾' })] }));
    const goods = await screen.findByRole('region', { name: '文中商品' });
    const coat = within(goods).getByRole('link', { name: '羊毛大衣' });
    expect(coat.getAttribute('href')).toBe('#/goods/detail/detail?id=11');
    expect(coat.textContent).toContain('599.00');
    expect(within(goods).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['羊毛大衣', '围巾']);
  });

  it('has no goods section when the article links none', async () => {
    setup(() => articleDetail(3));
    await screen.findByRole('heading', { name: '文章3' });
    expect(screen.queryByRole('region', { name: '文中商品' })).toBeNull();
  });

  it("sends a visitor's id, the same on every visit, so their reads count once a day", async () => {
    const first = setup(() => articleDetail(3));
    await screen.findByRole('heading', { name: '文章3' });
    const [{ visitor }] = asked(first.api);
    expect(visitor).toMatch(/^[0-9a-f]{32}$/);
    first.view.unmount();

    const again = setup(() => articleDetail(3));
    await screen.findByRole('heading', { name: '文章3' });
    expect(asked(again.api)).toEqual([{ id: 3, visitor }]);
  });

  it('sends no visitor id for a logged-in shopper: the account is who read it', async () => {
    const { api } = setup(() => articleDetail(3), { user: true });
    await screen.findByRole('heading', { name: '文章3' });
    expect(asked(api)).toEqual([{ id: 3 }]);
  });

  it("shows the shop's refusal (gone, hidden, not yet published) with the way to the other articles", async () => {
    const { api } = setup(() => failReply('文章不存在或已下架'));
    expect(await screen.findByText('文章不存在或已下架')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '看看其他文章' }));
    await waitFor(() => expect(currentLocation()).toBe(ARTICLE_LIST_PATH));
    expect(asked(api)).toHaveLength(1);
  });

  it('offers a retry when the server cannot answer', async () => {
    const { api } = setup(() => ({ status: 502 }));
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    api.on('/api/article/detail', () => articleDetail(3));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '文章3' })).toBeTruthy();
  });

  it('says which article is missing from the address, asking nothing', async () => {
    const { api } = setup(() => articleDetail(3), { path: '/article/detail?id=abc' });
    expect(await screen.findByText('链接里没有指明是哪篇文章')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('speaks English', async () => {
    setup(() => articleDetail(3, { title: 'Slow mornings', category: 'Lifestyle', reads: 1, goods: [card(11, { name: 'Kettle' })] }), { language: 'en' });
    expect(await screen.findByText('1 read')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'In this article' })).toBeTruthy();
  });
});
