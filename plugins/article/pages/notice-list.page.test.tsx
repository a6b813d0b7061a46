import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { notice, noticeDetail, noticePage } from '../client-fixtures';
import { NOTICE_LIST_PATH, noticePath } from '../paths';

function setup(handlers: Record<string, FakeHandler>, options: { user?: boolean; language?: 'en' } = {}) {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['article'], adapter: api, user: options.user === false ? undefined : { id: 7 }, language: options.language });
  renderRoute(kernel, NOTICE_LIST_PATH);
  return { api, kernel };
}

const rows = () => screen.queryAllByRole('link', { name: /^公告\d+$/ });
const unreadRows = () => rows().filter((row) => within(row).queryByText('未读')).map((row) => row.getAttribute('aria-label'));

describe('notice list page', () => {
  it('shows skeletons, then the notices newest first with their date, each opening the notice', async () => {
    const { reply, release } = heldReply();
    setup({ '/api/article/notices': () => reply });
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    release(noticePage([notice(2, { read: 1 }), notice(1, { read: 1 })]));

    await waitFor(() => expect(rows().map((row) => row.getAttribute('aria-label'))).toEqual(['公告2', '公告1']));
    expect(screen.queryByTestId('skeleton')).toBeNull();
    const row = within(rows()[0]);
    expect(row.getByText('公告2的摘要')).toBeTruthy();
    expect(row.getByText('2026-11-18')).toBeTruthy();
    expect(rows()[0].getAttribute('href')).toBe(`#${noticePath(2)}`);
  });

  it("marks what a logged-in shopper has not read, and says how many", async () => {
    setup({ '/api/article/notices': () => noticePage([notice(3), notice(2, { read: 1 }), notice(1)]) });
    await waitFor(() => expect(unreadRows()).toEqual(['公告3', '公告1']));
    expect(screen.getByRole('status').textContent).toBe('2 条未读');
    expect(rows()[0].querySelector('.sf-badge--dot')).toBeTruthy();
    expect(rows()[1].querySelector('.sf-badge--dot')).toBeNull();
  });

  it('marks nothing for a visitor, who has no read state', async () => {
    setup({ '/api/article/notices': () => noticePage([notice(2), notice(1)], { unread: 0 }) }, { user: false });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(unreadRows()).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a notice opened from the list as read on the way back', async () => {
    const read = new Set<number>();
    const { kernel } = setup({
      '/api/article/notices': () => noticePage([notice(2, { read: read.has(2) ? 1 : 0 }), notice(1, { read: read.has(1) ? 1 : 0 })]),
      '/api/article/notice': (body) => {
        read.add(Number(body.id));
        return noticeDetail(Number(body.id));
      },
    });
    await waitFor(() => expect(unreadRows()).toEqual(['公告2', '公告1']));
    kernel.nav.to(noticePath(2));
    expect(await screen.findByText('公告2的正文')).toBeTruthy();
    kernel.nav.back();
    await waitFor(() => expect(currentLocation()).toBe(NOTICE_LIST_PATH));
    await waitFor(() => expect(unreadRows()).toEqual(['公告1']));
    expect(screen.getByRole('status').textContent).toBe('1 条未读');
  });

  it('says there are no notices yet', async () => {
    setup({ '/api/article/notices': () => noticePage([]) });
    expect(await screen.findByText('暂无公告')).toBeTruthy();
  });

  it('says so, with a retry, when the notices cannot be loaded', async () => {
    const { api } = setup({ '/api/article/notices': () => failReply('服务繁忙') });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/article/notices', () => noticePage([notice(1)]));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('loads the next page on demand', async () => {
    const all = Array.from({ length: 11 }, (_, i) => notice(11 - i, { read: 1 }));
    const { api } = setup({
      '/api/article/notices': (body) => noticePage(all.slice((Number(body.page) - 1) * 10, Number(body.page) * 10), { total: 11, unread: 0 }),
    });
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(11));
    expect(api.requests.map((r) => r.body.page)).toEqual([1, 2]);
  });

  it('speaks English', async () => {
    setup({ '/api/article/notices': () => noticePage([notice(1, { title: 'Holiday shipping' })]) }, { language: 'en' });
    expect(await screen.findByText('1 unread')).toBeTruthy();
    expect(screen.getByText('Unread')).toBeTruthy();
  });
});
