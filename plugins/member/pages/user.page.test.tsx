import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { inlinePlugin } from '@kernel/client/plugin';
import type { UserInfo } from '@kernel/core/user';
import { createTestKernel, failReply, fakeApi, renderRoute, testUser, type FakeHandler } from '../../../tests/setup/kernel';

const orders = inlinePlugin({
  id: 'order',
  version: '1.0.0',
  i18n: { en: { all: 'All orders' }, 'zh-Hans': { all: '全部订单' } },
  menu: [{ slot: 'member.orders', id: 'all', label: 'order:all', icon: 'order', to: '/user/myOrder/myOrder' }],
});

function setup(options: { user?: Partial<UserInfo>; handlers?: Record<string, FakeHandler>; extra?: ReturnType<typeof inlinePlugin>[] } = {}) {
  const api = fakeApi({ '/api/account/profile': () => testUser({ ...options.user, token: '', refreshToken: '' }), ...options.handlers });
  const kernel = createTestKernel({ plugins: ['auth', 'member', ...(options.extra ?? [])], adapter: api, user: options.user });
  renderRoute(kernel, '/pages/user/user');
  return { api, kernel };
}

const shopper = { id: 7, username: 'demo', nickname: '演示用户', money: '1.00', score: 5, token: 'tok', refreshToken: 'ref' };
const profileCalls = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/account/profile');

describe('member centre', () => {
  it('invites an anonymous visitor to log in, and asks the server nothing', async () => {
    const { api } = setup();
    const login = await screen.findByRole('button', { name: '未登录，立即登录' });
    expect(screen.getByTestId('member-money').textContent).toBe('--');
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(profileCalls(api)).toEqual([]);
    fireEvent.click(login);
    expect(currentLocation()).toBe('/pages/login/login?returnTo=%2Fpages%2Fuser%2Fuser');
  });

  it("shows the shopper's header, then refreshes balance and score from the profile (GET) into the session", async () => {
    const { api, kernel } = setup({
      user: shopper,
      handlers: { '/api/account/profile': () => testUser({ ...shopper, money: '888.00', score: 1200, token: '', refreshToken: '' }) },
    });
    expect(await screen.findByRole('heading', { name: '演示用户' })).toBeTruthy();
    expect(screen.getByText('用户名：demo')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('member-money').textContent).toBe('888.00'));
    expect(screen.getByTestId('member-score').textContent).toBe('1200');
    expect(profileCalls(api)[0].method).toBe('GET');
    expect(kernel.session.state.user).toMatchObject({ money: '888.00', score: 1200, token: 'tok', refreshToken: 'ref' });
  });

  it("leads from the shopper's header to the profile page", async () => {
    setup({ user: shopper });
    const link = await screen.findByRole('link', { name: '编辑个人资料' });
    expect(link.getAttribute('href')).toBe('#/user/profile/profile');
    expect(within(link).getByRole('heading', { name: '演示用户' })).toBeTruthy();
  });

  it('refreshes the profile again when the browser tab shows the page again', async () => {
    const { api } = setup({ user: shopper });
    await vi.waitFor(() => expect(profileCalls(api)).toHaveLength(1));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(profileCalls(api)).toHaveLength(2));
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    let fail = true;
    const { api } = setup({ user: shopper, handlers: { '/api/account/profile': () => (fail ? failReply('服务器开小差了') : testUser(shopper)) } });
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    // The message goes as soon as the retry starts; wait for the second call itself.
    await vi.waitFor(() => expect(profileCalls(api)).toHaveLength(2));
    await vi.waitFor(() => expect(screen.queryByText('服务器开小差了')).toBeNull());
  });

  it('hides menu slots nobody fills and shows the ones other plugins fill', async () => {
    setup({ user: shopper, extra: [orders] });
    const section = await screen.findByRole('region', { name: '我的订单' });
    expect(within(section).getByText('全部订单')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '我的服务' })).toBeNull();
  });

  it('has the 我的 tab and the app version', async () => {
    setup();
    expect(await screen.findByText('版本 1.1.1102 (133)')).toBeTruthy();
    expect(screen.getAllByText('我的').length).toBeGreaterThan(0);
    expect(document.querySelector('a[href="#/pages/user/user"]')).toBeTruthy();
  });

  it('switches the language, remembering the choice', async () => {
    const { kernel } = setup({ user: shopper });
    fireEvent.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByText('Balance')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English', pressed: true })).toBeTruthy();
    expect(kernel.storage.get('language', '')).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: '简体中文' }));
    expect(await screen.findByText('余额')).toBeTruthy();
  });

  it('logs out only after confirmation, through the auth call', async () => {
    const { api, kernel } = setup({ user: shopper, handlers: { '/api/user/logout': () => null } });
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(kernel.session.state.loggedIn).toBe(true);
    expect(api.requests.some((r) => r.path === '/api/user/logout')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已退出登录')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/user/logout')?.body).toEqual({ refresh_token: 'ref' });
    expect(kernel.session.state.loggedIn).toBe(false);
    expect(await screen.findByRole('button', { name: '未登录，立即登录' })).toBeTruthy();
  });

  it('stays logged in when the server refuses the logout', async () => {
    const { kernel } = setup({ user: shopper, handlers: { '/api/user/logout': () => failReply('请稍后再试') } });
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请稍后再试')).toBeTruthy();
    expect(kernel.session.state.loggedIn).toBe(true);
  });
});
