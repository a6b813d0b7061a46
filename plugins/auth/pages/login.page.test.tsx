import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, renderRoute, testUser, type FakeHandler } from '../../../tests/setup/kernel';

function setup(handlers: Record<string, FakeHandler> = {}, language?: 'en') {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['auth'], adapter: api, language });
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));
const loginCalls = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path.startsWith('/api/user/'));

afterEach(() => vi.useRealTimers());

describe('login page', () => {
  it('shows the validation messages of the spec before calling', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/pages/login/login');
    await screen.findByRole('tab', { name: '账号登录' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名');
    type('账号', 'demo');
    expect(screen.queryByRole('alert')).toBeNull();
    type('密码', '123');
    submit();
    expect(screen.getByRole('alert').textContent).toBe('请输入6-32位密码');
    expect(loginCalls(api)).toEqual([]);
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
    expect(api.requests).toEqual([]);

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
      const api = fakeApi({ '/api/user/login': () => ({ userinfo: staff }) });
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
    expect(screen.getByRole('alert').textContent).toBe('Please enter username');
  });
});
