import { fireEvent, screen, waitFor } from '@testing-library/react';
import { lazy, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { inlinePlugin } from '@kernel/client/plugin';
import { contribute } from '@kernel/core/extension';
import type { IndexReply } from '@kernel/core/site';
import { createTestKernel, descriptorsOf, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import type { HomeContent } from '../contract';
import { homeNoticeBar } from '../points';
import { homeStore } from '../store';

const content = (): HomeContent => ({
  banners: [{ id: 1, image: '/uploads/seed/banner-1.jpg', title: '数码焕新季', link: '' }],
  notices: [{ id: 9, title: '物流配送时效说明', content: '每日 16:00 前付款的订单当天发货。', created_at: 1_750_000_000 }],
});

const articleNotices = (list: { id: number; title: string }[]) => ({
  list: list.map((n) => ({ ...n, summary: '', published_at: 1_750_000_000, read: 0 })),
  total: list.length,
  unread: 0,
  page: 1,
  limit: 5,
});

function setup({ notices = (() => articleNotices([])) as FakeHandler, enabled = ['home', 'article'], extra = [] as ReturnType<typeof inlinePlugin>[] } = {}) {
  Object.assign(homeStore, { content: null, status: 'idle', error: '' });
  const api = fakeApi({ '/api/home/index': content, '/api/article/notices': notices });
  const kernel = createTestKernel({ plugins: ['home', 'article', ...extra], enabled, adapter: api });
  renderRoute(kernel, '/');
  return { api, kernel };
}

const own = () => screen.queryByText('物流配送时效说明');

/** Whether the home's own notice was ever on screen, even for one render, from now on. */
function watchForOwn(): () => boolean {
  let seen = false;
  const observer = new MutationObserver(() => {
    seen ||= document.body.textContent?.includes('物流配送时效说明') ?? false;
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    return seen;
  };
}
const slot = () => document.querySelector('.home-notices') as HTMLElement;

describe('the notice bar of the home page', () => {
  it("shows the article plugin's notices in place of the home's own, which never show first; a tap opens the notice", async () => {
    const { reply, release } = heldReply();
    const ownShown = watchForOwn();
    setup({ notices: () => reply });
    await screen.findByRole('button', { name: '数码焕新季' });
    await waitFor(() => expect(slot().querySelector('[aria-busy="true"]')).toBeTruthy());
    expect(own()).toBeNull();

    release(articleNotices([{ id: 3, title: '春节物流安排' }]));
    fireEvent.click(await screen.findByRole('button', { name: '春节物流安排' }));
    await waitFor(() => expect(currentLocation()).toBe('/article/notice/detail?id=3'));
    expect(ownShown()).toBe(false);
  });

  it("waits for the article plugin's code to arrive before choosing, rather than show the home's own meanwhile", async () => {
    Object.assign(homeStore, { content: null, status: 'idle', error: '' });
    const ownShown = watchForOwn();
    const api = fakeApi({ '/api/home/index': content, '/api/article/notices': () => articleNotices([{ id: 3, title: '春节物流安排' }]) });
    // As in the app: the site is known from index.html, and each plugin's code downloads when needed.
    const index = { site: { siteName: '优选商城', cdnUrl: '', apiUrl: '' } as IndexReply['site'], plugins: descriptorsOf(['home', 'article']) };
    const kernel = createTestKernel({ plugins: ['home', 'article'], adapter: api, booted: false, bootstrap: { index } });
    renderRoute(kernel, '/');
    expect(await screen.findByRole('button', { name: '春节物流安排' })).toBeTruthy();
    expect(ownShown()).toBe(false);
  });

  it("shows the home's own notices, as before, when the site runs no article plugin", async () => {
    const { api } = setup({ enabled: ['home'] });
    expect(await screen.findByText('物流配送时效说明')).toBeTruthy();
    expect(api.requests.some((r) => r.path.startsWith('/api/article/'))).toBe(false);
  });

  it("holds the bar's place while a plugin's bar is still downloading, without the home's own", async () => {
    const { reply: download, release } = heldReply<{ default: ComponentType }>();
    const ownShown = watchForOwn();
    const other = inlinePlugin({
      id: 'board', version: '1.0.0', requires: ['home'], i18n: { en: {}, 'zh-Hans': {} },
      contributes: contribute(homeNoticeBar, { id: 'board.bar', component: lazy(() => download) }),
    });
    setup({ enabled: ['home', 'board'], extra: [other] });
    await screen.findByRole('button', { name: '数码焕新季' });
    expect(slot().querySelector('.home-notices__waiting')).toBeTruthy();
    expect(own()).toBeNull();
    release({ default: () => <p>留言板</p> });
    expect(await screen.findByText('留言板')).toBeTruthy();
    expect(ownShown()).toBe(false);
  });

  it('takes no room when the article plugin has no notices to show', async () => {
    const { api } = setup();
    await screen.findByRole('button', { name: '数码焕新季' });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/article/notices')).toBe(true));
    await waitFor(() => expect(slot().childElementCount).toBe(0));
    expect(own()).toBeNull();
  });
});
