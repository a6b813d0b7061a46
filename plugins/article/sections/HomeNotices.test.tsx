import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { valuesOf } from '@kernel/core/extension';
import { homeNoticeBar } from '@plugins/home/public-client';
import { createTestKernel, failReply, fakeApi, renderWithKernel, type FakeHandler } from '../../../tests/setup/kernel';
import { notice, noticePage } from '../client-fixtures';
import article from '../index';
import { NOTICE_LIST_PATH, noticePath } from '../paths';
import HomeNotices from './HomeNotices';

function setup(notices: FakeHandler, options: { seed?: ReturnType<typeof noticePage>; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/article/notices': notices });
  const bootstrap = options.seed ? { data: { article: options.seed }, language: 'zh-Hans' as const } : undefined;
  const kernel = createTestKernel({ plugins: ['article'], adapter: api, bootstrap, language: options.language });
  renderWithKernel(<HomeNotices />, kernel);
  return { api, kernel };
}

const bar = () => screen.queryByRole('marquee');

describe('the home notice bar of the article plugin', () => {
  it('fills the home page’s notice bar with its bar, in its own chunk (the home loads both anyway)', () => {
    const [contribution] = valuesOf(article.contributes ?? [], homeNoticeBar);
    expect(contribution.id).toBe('article.notices');
    expect(contribution.component).toBe(HomeNotices);
  });

  it('shows the notices that came with index.html without a call', async () => {
    const { api } = setup(() => noticePage([notice(9, { title: '后来的' })]), { seed: noticePage([notice(3, { title: '首屏公告' })]) });
    expect(await screen.findByText('首屏公告')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('asks for the five newest otherwise, and a tap opens the notice showing', async () => {
    const { api } = setup(() => noticePage([notice(3, { title: '春节物流安排' })]));
    fireEvent.click(await screen.findByRole('button', { name: '春节物流安排' }));
    await waitFor(() => expect(currentLocation()).toBe(noticePath(3)));
    expect(api.requests.map((r) => r.body)).toEqual([{ page: 1, limit: 5 }]);
  });

  it('turns through several titles and leads to all notices', async () => {
    setup(() => noticePage([notice(3), notice(2), notice(1)]));
    expect(await screen.findByText('公告3')).toBeTruthy();
    expect(screen.getByRole('link', { name: '更多' }).getAttribute('href')).toBe(`#${NOTICE_LIST_PATH}`);
  });

  it('shows nothing when there are no notices', async () => {
    const { api } = setup(() => noticePage([]));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('.article-home-bar')).toBeNull());
    expect(bar()).toBeNull();
  });

  it('says the notices did not load, and a tap tries again', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    const retry = await screen.findByRole('button', { name: '公告加载失败，点此重试' });
    api.on('/api/article/notices', () => noticePage([notice(1, { title: '会员日' })]));
    fireEvent.click(retry);
    expect(await screen.findByRole('button', { name: '会员日' })).toBeTruthy();
    expect(api.requests).toHaveLength(2);
  });

  it('speaks English', async () => {
    setup(() => failReply('Busy'), { language: 'en' });
    expect(await screen.findByRole('button', { name: 'Notices did not load: tap to retry' })).toBeTruthy();
  });
});
