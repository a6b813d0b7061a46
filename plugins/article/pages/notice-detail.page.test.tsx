import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import { noticeDetail } from '../client-fixtures';
import { NOTICE_LIST_PATH, noticePath } from '../paths';

function setup(detail: FakeHandler, options: { path?: string; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/article/notice': detail });
  const kernel = createTestKernel({ plugins: ['article'], adapter: api, user: { id: 7 }, site: { cdnUrl: 'https://cdn.example.com' }, language: options.language });
  renderRoute(kernel, options.path ?? noticePath(4));
  return { api, kernel };
}

describe('notice detail page', () => {
  it('shows a skeleton, then the title, time and body, asking for that notice (which marks it read)', async () => {
    const { reply, release } = heldReply();
    const { api } = setup(() => reply);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    release(noticeDetail(4, { title: '春节物流安排', body: '<p>1 月 20 日起暂停发货。</p><img src="/uploads/seed/n.jpg">' }));

    expect(await screen.findByRole('heading', { name: '春节物流安排' })).toBeTruthy();
    const notice = within(screen.getByRole('article'));
    expect(notice.getByText('2026-11-18 08:00:00')).toBeTruthy();
    expect(notice.getByText('1 月 20 日起暂停发货。')).toBeTruthy();
    expect(screen.getByRole('article').querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/uploads/seed/n.jpg?w=750');
    expect(api.requests.map((r) => [r.path, r.body])).toEqual([['/api/article/notice', { id: 4 }]]);
  });

  it("shows the shop's refusal with the way to all notices", async () => {
    setup(() => failReply('公告不存在'));
    expect(await screen.findByText('公告不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看全部公告' }));
    await waitFor(() => expect(currentLocation()).toBe(NOTICE_LIST_PATH));
  });

  it('offers a retry when the server cannot answer', async () => {
    const { api } = setup(() => ({ status: 502 }));
    const retry = await screen.findByRole('button', { name: '重试' });
    api.on('/api/article/notice', () => noticeDetail(4));
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: '公告4' })).toBeTruthy();
  });

  it('says which notice is missing from the address, asking nothing', async () => {
    const { api } = setup(() => noticeDetail(4), { path: '/article/notice/detail' });
    expect(await screen.findByText('链接里没有指明是哪条公告')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('speaks English', async () => {
    setup(() => failReply('No such notice'), { language: 'en' });
    expect(await screen.findByRole('button', { name: 'All notices' })).toBeTruthy();
  });
});
