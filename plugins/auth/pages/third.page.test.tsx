import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import type { Kernel } from '@kernel/client/kernel';
import { createTestKernel, failReply, fakeApi, fakeBrowser, heldReply, renderRoute, testUser, type FakeHandler } from '../../../tests/setup/kernel';
import { forgetThirdState, isKeptThirdState, keepThirdState, newThirdState } from './third-state';

const STATE = 'kept-state-0123456789';
const unbound = { bound: false, nickname: '阿明', avatar: '', platform: '本地演示平台' };

function setup(handlers: Record<string, FakeHandler>, options: { language?: 'en'; kept?: boolean; browser?: ReturnType<typeof fakeBrowser> } = {}) {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['auth'], adapter: api, language: options.language, browser: options.browser });
  if (options.kept === false) forgetThirdState(kernel.storage);
  else keepThirdState(kernel.storage, STATE);
  return { api, kernel };
}
const open = (kernel: Kernel, query = `type=local&uuid=code-1&state=${STATE}&returnTo=%2Fgoods%2Flist%2Flist`) => renderRoute(kernel, `/pages/login/third?${query}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const kept = (kernel: Kernel) => kernel.storage.get('auth.thirdState', null);

describe('third-party login page', () => {
  it('says it is verifying, then logs a bound identity in and goes back to returnTo', async () => {
    const held = heldReply();
    const { api, kernel } = setup({ '/api/user/thirdLogin': () => held.reply });
    open(kernel);
    expect(await screen.findByText('正在验证…')).toBeTruthy();
    // The page says so while the call's code is still loading: wait for the request itself.
    await vi.waitFor(() => expect(api.requests.find((r) => r.path === '/api/user/thirdLogin')?.body).toEqual({ uuid: 'code-1', type: 'local' }));
    held.release({ bound: true, userinfo: testUser({ id: 7, token: 'tok', openid: 'lo_1' }) });
    await vi.waitFor(() => expect(kernel.session.state.user).toMatchObject({ id: 7, openid: 'lo_1' }));
    expect(currentLocation()).toBe('/goods/list/list');
    expect(kept(kernel)).toBeNull();
  });

  it("shows who the shopper is on the platform, binds a mobile with an SMS code, and logs in", async () => {
    const { api, kernel } = setup({
      '/api/user/thirdLogin': () => unbound,
      '/api/Sms/send': () => null,
      '/api/user/bindThirdAccount': () => ({ userinfo: testUser({ id: 9, mobile: '13800138000' }) }),
    });
    open(kernel);
    expect(await screen.findByText('你正在使用本地演示平台账号「阿明」登录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(screen.getAllByRole('alert').map((n) => n.textContent)).toEqual(['请输入正确的11位手机号', '请输入验证码']);
    type('手机号', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重发' });
    expect(api.requests.find((r) => r.path === '/api/Sms/send')?.body).toEqual({ mobile: '13800138000', template_code: 'bindthird' });
    type('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    await vi.waitFor(() => expect(kernel.session.state.user?.id).toBe(9));
    expect(api.requests.find((r) => r.path === '/api/user/bindThirdAccount')?.body).toEqual({ uuid: 'code-1', type: 'local', mobile: '13800138000', captcha: '123456' });
    expect(await screen.findByText('绑定成功，已登录')).toBeTruthy();
    expect(currentLocation()).toBe('/goods/list/list');
    expect(kept(kernel)).toBeNull();
  });

  it('shows a refusal of the code beside it, and an identity bound elsewhere as a message, staying logged out', async () => {
    const { api, kernel } = setup({
      '/api/user/thirdLogin': () => unbound,
      '/api/user/bindThirdAccount': () => failReply('验证码错误', { field: 'captcha', message: '验证码错误', problems: [{ field: 'captcha', message: '验证码错误' }] }),
    });
    open(kernel);
    await screen.findByText('你正在使用本地演示平台账号「阿明」登录');
    type('手机号', '13800138000');
    type('验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect((await screen.findByRole('alert')).textContent).toBe('验证码错误');
    api.on('/api/user/bindThirdAccount', () => failReply('该第三方账号已绑定其他手机号'));
    fireEvent.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(await screen.findByText('该第三方账号已绑定其他手机号')).toBeTruthy();
    expect(kernel.session.state.loggedIn).toBe(false);
  });

  it("shows the platform's failure with a way back to login", async () => {
    const { kernel } = setup({ '/api/user/thirdLogin': () => failReply('获取第三方平台 openid 失败') });
    open(kernel);
    expect(await screen.findByText('获取第三方平台 openid 失败')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('#/pages/login/login?returnTo=%2Fgoods%2Flist%2Flist');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('refuses a link this browser did not start (another state, or none kept), asking nothing', async () => {
    for (const [query, keep] of [[`type=local&uuid=code-1&state=someone-elses`, true], [`type=local&uuid=code-1&state=${STATE}`, false], [`type=local&state=${STATE}`, true]] as const) {
      const { api, kernel } = setup({}, { kept: keep });
      const { unmount } = open(kernel, query);
      expect(await screen.findByText('登录请求已失效，请返回登录页重新发起')).toBeTruthy();
      expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('#/pages/login/login');
      expect(api.requests).toEqual([]);
      unmount();
    }
  });

  it('reads the code and state a platform put before the hash', async () => {
    const browser = { ...fakeBrowser(), pageUrl: () => `https://shop.test/?code=wx-code&state=${STATE}#/pages/login/third?type=local` };
    const { api, kernel } = setup({ '/api/user/thirdLogin': () => unbound }, { browser });
    open(kernel, 'type=local');
    await screen.findByText('你正在使用本地演示平台账号「阿明」登录');
    expect(api.requests[0].body).toEqual({ uuid: 'wx-code', type: 'local' });
  });

  it('opens for an anonymous visitor on a site that forces login, as the local platform does', async () => {
    const api = fakeApi({ '/api/user/thirdLogin': () => unbound });
    const kernel = createTestKernel({ plugins: ['auth'], adapter: api, site: { forceLogin: true } });
    keepThirdState(kernel.storage, STATE);
    open(kernel);
    await screen.findByText('你正在使用本地演示平台账号「阿明」登录');
    expect(currentLocation()).toMatch(/^\/pages\/login\/third\?/);
    renderRoute(kernel, '/pages/login/local-platform?state=s&callback=%2Fpages%2Flogin%2Fthird');
    expect(await screen.findByRole('button', { name: '授权' })).toBeTruthy();
    expect(currentLocation()).toMatch(/^\/pages\/login\/local-platform\?/);
  });

  it('speaks English', async () => {
    const { kernel } = setup({ '/api/user/thirdLogin': () => ({ ...unbound, nickname: '', platform: 'Local demo platform' }) }, { language: 'en' });
    open(kernel);
    expect(await screen.findByText('You are logging in with a Local demo platform account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bind and log in' })).toBeTruthy();
  });
});

describe('the kept state', () => {
  it('is random, and matches only itself for half an hour', () => {
    const kernel = createTestKernel();
    const state = newThirdState();
    expect(state).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newThirdState()).not.toBe(state);
    keepThirdState(kernel.storage, state, 1_000_000);
    expect(isKeptThirdState(kernel.storage, state, 1_000_000 + 29 * 60_000)).toBe(true);
    expect(isKeptThirdState(kernel.storage, state, 1_000_000 + 30 * 60_000)).toBe(false);
    expect(isKeptThirdState(kernel.storage, 'other', 1_000_000)).toBe(false);
    expect(isKeptThirdState(kernel.storage, undefined, 1_000_000)).toBe(false);
  });
});
