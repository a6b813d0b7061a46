import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, fakeBrowser, heldReply, renderRoute, testUser, type FakeHandler } from '../../../tests/setup/kernel';

/** The site offers no third-party login unless a test says otherwise. */
const noPlatforms = { '/api/user/thirdProviders': () => ({ list: [] }) };

function setup(handlers: Record<string, FakeHandler> = {}, language?: 'en') {
  const api = fakeApi({ ...noPlatforms, ...handlers });
  const kernel = createTestKernel({ plugins: ['auth'], adapter: api, language });
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
const loginCalls = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path.startsWith('/api/user/') && r.path !== '/api/user/thirdProviders');
/** What the page asked besides the list of platforms it asks on opening. */
const asked = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path !== '/api/user/thirdProviders');

afterEach(() => vi.useRealTimers());

describe('login page', () => {
  it('shows every problem at once beside its field before calling, the password by the one rule', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/pages/login/login');
    await screen.findByRole('tab', { name: '账号登录' });
    expect(screen.getByLabelText('密码').getAttribute('placeholder')).toBe('6-20位字母和数字组合');
    submit();
    expect(errorOf('账号')).toBe('请输入用户名');
    expect(errorOf('密码')).toBe('请输入密码');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    type('账号', 'demo');
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['请输入密码']);
    type('密码', '123');
    submit();
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['密码须为6-20位字母和数字组合']);
    expect(loginCalls(api)).toEqual([]);
  });

  it('shows a refusal of several fields beside each of them, and no toast', async () => {
    const problems = [
      { field: 'account', message: '账号过长' },
      { field: 'password', message: '密码过长' },
    ];
    const { kernel } = setup({ '/api/user/login': () => failReply('账号：账号过长', { ...problems[0], problems }) });
    renderRoute(kernel, '/pages/login/login');
    await screen.findByRole('tab', { name: '账号登录' });
    type('账号', 'demo');
    type('密码', 'demo123456');
    submit();
    await screen.findAllByRole('alert');
    expect(errorOf('账号')).toBe('账号过长');
    expect(errorOf('密码')).toBe('密码过长');
    expect(screen.queryByText('账号：账号过长')).toBeNull();
    expect(kernel.session.state.loggedIn).toBe(false);
  });

  it('logs in, stores the session and goes back to returnTo', async () => {
    const userinfo = testUser({ id: 9, username: 'demo', token: 'tok', refreshToken: 'ref' });
    const { api, kernel } = setup({ '/api/user/login': () => ({ userinfo }) });
    renderRoute(kernel, '/pages/login/login?returnTo=%2Fgoods%2Fdetail%2Fdetail%3Fid%3D3');
    await screen.findByRole('tab', { name: '账号登录' });
    type('账号', ' demo ');
    type('密码', 'demo123456');
    submit();
    await vi.waitFor(() => expect(kernel.session.state.loggedIn).toBe(true));
    expect(loginCalls(api)[0].body).toEqual({ account: 'demo', password: 'demo123456' });
    expect(kernel.session.state.user).toMatchObject({ id: 9, token: 'tok', refreshToken: 'ref' });
    expect(JSON.stringify(localStorage)).toContain('tok');
    expect(currentLocation()).toBe('/goods/detail/detail?id=3');
  });

  it("shows the server's refusal and stays logged out", async () => {
    const { kernel } = setup({ '/api/user/login': () => failReply('账号或密码错误') });
    renderRoute(kernel, '/pages/login/login');
    await screen.findByRole('tab', { name: '账号登录' });
    type('账号', 'demo');
    type('密码', 'wrong-password');
    submit();
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    expect(kernel.session.state.loggedIn).toBe(false);
    expect(currentLocation()).toBe('/pages/login/login');
  });

  it('shows and hides the password', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/pages/login/login');
    const input = (await screen.findByLabelText('密码')) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input.type).toBe('password');
  });

  it('logs in with an SMS code, with a 60 s countdown before the code can be sent again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const userinfo = testUser({ id: 5, mobile: '13800138000' });
    const { api, kernel } = setup({ '/api/Sms/send': () => null, '/api/user/mobilelogin': () => ({ userinfo }) });
    renderRoute(kernel, '/pages/login/login');
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));

    type('手机号', '1380013800');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入正确的11位手机号');
    expect(asked(api)).toEqual([]);

    type('手机号', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const countdown = await screen.findByRole('button', { name: '60秒后重发' });
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    expect(api.requests.find((r) => r.path === '/api/Sms/send')?.body).toEqual({ mobile: '13800138000', template_code: 'mobilelogin' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();

    submit();
    expect(screen.getByRole('alert').textContent).toBe('请输入验证码');
    type('验证码', '123456');
    submit();
    await vi.waitFor(() => expect(kernel.session.state.user?.id).toBe(5));
    expect(api.requests.find((r) => r.path === '/api/user/mobilelogin')?.body).toEqual({ mobile: '13800138000', captcha: '123456' });
    // Nowhere to return to and no member centre installed here: home.
    expect(currentLocation()).toBe('/pages/index/index');
  });

  it('shows a wrong mobile and a missing code at once when logging in with a code', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/pages/login/login');
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));
    type('手机号', '1380013800');
    submit();
    expect(errorOf('手机号')).toBe('请输入正确的11位手机号');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(asked(api)).toEqual([]);
  });

  it('shows the server\'s refusal of the mobile and of the code, each beside its field', async () => {
    const problems = [
      { field: 'mobile', message: '该手机号尚未注册，请先注册' },
      { field: 'captcha', message: '验证码不正确' },
    ];
    const { kernel } = setup({ '/api/user/mobilelogin': () => failReply('该手机号尚未注册，请先注册', { ...problems[0], problems }) });
    renderRoute(kernel, '/pages/login/login');
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));
    type('手机号', '13911112222');
    type('验证码', '123456');
    submit();
    await screen.findAllByRole('alert');
    expect(errorOf('手机号')).toBe('该手机号尚未注册，请先注册');
    expect(errorOf('验证码')).toBe('验证码不正确');
  });

  it('keeps the send button ready when the server refuses to send', async () => {
    const { kernel } = setup({ '/api/Sms/send': () => failReply('该手机号尚未注册，请先注册') });
    renderRoute(kernel, '/pages/login/login');
    fireEvent.click(await screen.findByRole('tab', { name: '验证码登录' }));
    type('手机号', '13911112222');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('该手机号尚未注册，请先注册')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('links to the register page, keeping returnTo', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/pages/login/login?returnTo=%2Fx');
    const link = await screen.findByRole('link', { name: '立即注册' });
    expect(link.getAttribute('href')).toBe('#/pages/register/register?returnTo=%2Fx');
  });

  it('links to the forgot-password page, keeping returnTo', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/pages/login/login?returnTo=%2Fx');
    const link = await screen.findByRole('link', { name: '忘记密码？' });
    expect(link.getAttribute('href')).toBe('#/pages/resetpwd/resetpwd?returnTo=%2Fx');
  });

  describe('a staff login', () => {
    const staff = testUser({ id: 2, username: 'staff', token: 'staff-tok', is_staff: 1 });
    const logIn = async (path: string, plugins = ['auth', 'chat']) => {
      const api = fakeApi({ ...noPlatforms, '/api/user/login': () => ({ userinfo: staff }) });
      const kernel = createTestKernel({ plugins, adapter: api });
      renderRoute(kernel, path);
      await screen.findByRole('tab', { name: '账号登录' });
      type('账号', 'staff');
      type('密码', 'staff123456');
      submit();
      await vi.waitFor(() => expect(kernel.session.state.loggedIn).toBe(true));
      return kernel;
    };

    it('lands on the chat desk when nothing asked to return anywhere', async () => {
      const kernel = await logIn('/pages/login/login');
      expect(kernel.session.state.user?.is_staff).toBe(1);
      await vi.waitFor(() => expect(currentLocation()).toBe('/staff/desk/desk'));
    });

    it('goes back to an explicit returnTo instead', async () => {
      await logIn('/pages/login/login?returnTo=%2Fgoods%2Fdetail%2Fdetail%3Fid%3D3');
      await vi.waitFor(() => expect(currentLocation()).toBe('/goods/detail/detail?id=3'));
    });

    it('lands where a shopper would when the site runs no chat', async () => {
      await logIn('/pages/login/login', ['auth']);
      await vi.waitFor(() => expect(currentLocation()).toBe('/pages/index/index'));
    });
  });

  it('speaks English when the shopper chose it', async () => {
    const { kernel } = setup({}, 'en');
    renderRoute(kernel, '/pages/login/login');
    expect(await screen.findByRole('tab', { name: 'Verification code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['Please enter username', 'Please enter your password']);
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('6-20 characters mixing letters and digits');
  });

  describe('other ways to log in', () => {
    const local = { type: 'local', name: '本地演示平台', url: '/pages/login/local-platform?state=s&callback=%2Fpages%2Flogin%2Fthird%3Ftype%3Dlocal' };

    it('offers a button per platform the site offers, leading to its authorisation with the state kept', async () => {
      const { api, kernel } = setup({ '/api/user/thirdProviders': () => ({ list: [local] }) });
      renderRoute(kernel, '/pages/login/login?returnTo=%2Fx');
      expect(await screen.findByRole('heading', { name: '其他登录方式' })).toBeTruthy();
      const asked = api.requests.find((r) => r.path === '/api/user/thirdProviders')!.body;
      expect(asked).toEqual({ state: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), callback: '/pages/login/third?returnTo=%2Fx', origin: 'https://shop.test/' });
      fireEvent.click(screen.getByRole('button', { name: '本地演示平台' }));
      await vi.waitFor(() => expect(currentLocation()).toBe(local.url));
      expect(kernel.storage.get<{ state: string } | null>('auth.thirdState', null)?.state).toBe(asked.state);
    });

    it('leaves the shop for a platform outside it', async () => {
      const browser = fakeBrowser();
      const api = fakeApi({ '/api/user/thirdProviders': () => ({ list: [{ type: 'wechat', name: '微信', url: 'https://open.weixin.test/authorize?state=s' }] }) });
      const kernel = createTestKernel({ plugins: ['auth'], adapter: api, browser });
      renderRoute(kernel, '/pages/login/login');
      fireEvent.click(await screen.findByRole('button', { name: '微信' }));
      expect(browser.redirects).toEqual(['https://open.weixin.test/authorize?state=s']);
    });

    it('shows nothing for a site that offers none, a spinner while asking, and a retry when asking failed', async () => {
      const held = heldReply();
      const { api, kernel } = setup({ '/api/user/thirdProviders': () => held.reply });
      renderRoute(kernel, '/pages/login/login');
      expect(await screen.findByRole('status', { name: '其他登录方式' })).toBeTruthy();
      held.release(failReply('服务繁忙'));
      expect(await screen.findByText('其他登录方式加载失败')).toBeTruthy();
      // The forms above still work meanwhile; the retry asks again.
      expect(screen.getByRole('tab', { name: '账号登录' })).toBeTruthy();
      api.on('/api/user/thirdProviders', () => ({ list: [] }));
      fireEvent.click(screen.getByRole('button', { name: '重试' }));
      await vi.waitFor(() => expect(screen.queryByText('其他登录方式加载失败')).toBeNull());
      expect(screen.queryByRole('heading', { name: '其他登录方式' })).toBeNull();
      expect(api.requests.filter((r) => r.path === '/api/user/thirdProviders')).toHaveLength(2);
    });

    it('speaks English', async () => {
      const { kernel } = setup({ '/api/user/thirdProviders': () => ({ list: [{ ...local, name: 'Local demo platform' }] }) }, 'en');
      renderRoute(kernel, '/pages/login/login');
      expect(await screen.findByRole('heading', { name: 'Other ways to log in' })).toBeTruthy();
    });
  });
});
