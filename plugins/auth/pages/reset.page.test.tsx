import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';

function setup(handlers: Record<string, FakeHandler> = {}, path = '/pages/resetpwd/resetpwd') {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['auth'], adapter: api, site: { forceLogin: true } });
  renderRoute(kernel, path);
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
const resets = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/user/resetpwd');
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;

describe('forgot password page', () => {
  it('is open to an anonymous visitor on a site that forces login, and shows the password rule', async () => {
    setup();
    expect(await screen.findByLabelText('手机号')).toBeTruthy();
    expect(currentLocation()).toBe('/pages/resetpwd/resetpwd');
    expect(errorOf('新密码')).toBe('6-20位，须同时包含字母和数字');
    expect(screen.getByText('重置后，所有设备上的登录都将退出，请用新密码重新登录')).toBeTruthy();
  });

  it('shows every problem at once beside its field and sends nothing', async () => {
    const { api } = setup();
    await screen.findByLabelText('手机号');
    type('手机号', '1380013');
    type('新密码', 'abcdefgh');
    type('确认密码', 'abcdefgi');
    submit();
    await screen.findAllByRole('alert');
    expect(errorOf('手机号')).toBe('请输入正确的11位手机号');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(errorOf('新密码')).toBe('密码须为6-20位字母和数字组合');
    expect(errorOf('确认密码')).toBe('两次输入的密码不一致');
    expect(resets(api)).toEqual([]);
  });

  it('sends the SMS code for resetpwd, resets, says so and goes to log in with the new password', async () => {
    const { api, kernel } = setup(
      { '/api/Sms/send': () => null, '/api/user/resetpwd': () => null },
      '/pages/resetpwd/resetpwd?returnTo=%2Fgoods%2Fdetail%2Fdetail%3Fid%3D3',
    );
    type('手机号', '13800138000');
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重发' });
    expect(api.requests.find((r) => r.path === '/api/Sms/send')?.body).toEqual({ mobile: '13800138000', template_code: 'resetpwd' });
    type('验证码', '123456');
    type('新密码', 'fresh2024');
    type('确认密码', 'fresh2024');
    submit();
    expect(await screen.findByText('密码已重置，请用新密码登录')).toBeTruthy();
    expect(resets(api)[0].body).toEqual({ type: 'mobile', account: '13800138000', captcha: '123456', newpassword: 'fresh2024' });
    await waitFor(() => expect(currentLocation()).toBe('/pages/login/login?returnTo=%2Fgoods%2Fdetail%2Fdetail%3Fid%3D3'));
    expect(kernel.session.state.loggedIn).toBe(false);
  });

  it('resets by e-mail on the other tab, with the e-mail code', async () => {
    const { api } = setup({ '/api/Ems/send': () => null, '/api/user/resetpwd': () => null });
    fireEvent.click(await screen.findByRole('tab', { name: '邮箱找回' }));
    type('邮箱', 'demo@example.com');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重发' });
    expect(api.requests.find((r) => r.path === '/api/Ems/send')?.body).toEqual({ email: 'demo@example.com', event: 'resetpwd' });
    type('验证码', '4321');
    type('新密码', 'fresh2024');
    type('确认密码', 'fresh2024');
    submit();
    await waitFor(() => expect(resets(api)).toHaveLength(1));
    expect(resets(api)[0].body).toEqual({ type: 'email', account: 'demo@example.com', captcha: '4321', newpassword: 'fresh2024' });
  });

  it('checks the account before sending a code', async () => {
    const { api } = setup();
    type('手机号', '123');
    fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '请输入正确的11位手机号');
    expect(api.requests).toEqual([]);
  });

  it("shows the server's refusal of the code beside the code field and stays, changing nothing here", async () => {
    const { api } = setup({ '/api/user/resetpwd': () => failReply('验证码错误', { field: 'captcha' }) });
    await screen.findByLabelText('手机号');
    type('手机号', '13800138000');
    type('验证码', '000000');
    type('新密码', 'fresh2024');
    type('确认密码', 'fresh2024');
    submit();
    await waitFor(() => expect(errorOf('验证码')).toBe('验证码错误'));
    expect(resets(api)).toHaveLength(1);
    expect(currentLocation()).toBe('/pages/resetpwd/resetpwd');
    expect((screen.getByLabelText('新密码') as HTMLInputElement).value).toBe('fresh2024');
  });
});
