import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, renderRoute, testUser, type FakeHandler } from '../../../tests/setup/kernel';

function setup(handlers: Record<string, FakeHandler> = {}, regNeedCode = false) {
  const api = fakeApi(handlers);
  const kernel = createTestKernel({ plugins: ['auth'], adapter: api, site: { regNeedCode } });
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '注册' }));
const alertText = async () => (await screen.findByRole('alert')).textContent;
const fill = (values: Record<string, string>) => Object.entries(values).forEach(([label, value]) => type(label, value));
const valid = { 用户名: 'newbie', 密码: 'abc12345', 确认密码: 'abc12345' };

describe('register page', () => {
  it.each([
    [{ ...valid, 用户名: '' }, '请输入用户名'],
    [{ ...valid, 用户名: '9lives' }, '请输入正确的用户名（3-30位字母、数字或下划线，以字母开头）'],
    [{ ...valid, 密码: '123', 确认密码: '123' }, '密码须为6-20位字母和数字组合'],
    [{ ...valid, 密码: '12345678', 确认密码: '12345678' }, '密码须为6-20位字母和数字组合'],
    [{ ...valid, 确认密码: 'abc12346' }, '两次输入的密码不一致'],
    [{ ...valid, 手机号: '12345' }, '请输入正确的11位手机号'],
    [{ ...valid, 邮箱: 'nope' }, '请输入正确的邮箱地址'],
  ])('with %j says "%s" and sends nothing', async (values, message) => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/pages/register/register');
    await screen.findByLabelText('用户名');
    fill(values);
    submit();
    expect(await alertText()).toBe(message);
    expect(api.requests.filter((r) => r.path === '/api/user/register')).toEqual([]);
  });

  it('shows the password rule under the password before the first problem, then the problem in its place', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/pages/register/register');
    const password = await screen.findByLabelText('密码');
    expect(screen.getByText('6-20位，须同时包含字母和数字')).toBeTruthy();
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('6-20位，须同时包含字母和数字');
    fill({ ...valid, 密码: 'abcdefgh', 确认密码: 'abcdefgh' });
    submit();
    expect(await alertText()).toBe('密码须为6-20位字母和数字组合');
    expect(screen.queryByText('6-20位，须同时包含字母和数字')).toBeNull();
  });

  it('shows every problem at once, each beside its own field', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/pages/register/register');
    await screen.findByLabelText('用户名');
    fill({ 密码: '123', 确认密码: '12', 手机号: '12345', 邮箱: 'nope' });
    submit();
    await screen.findAllByRole('alert');
    const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(errorOf('用户名')).toBe('请输入用户名');
    expect(errorOf('密码')).toBe('密码须为6-20位字母和数字组合');
    expect(errorOf('确认密码')).toBe('两次输入的密码不一致');
    expect(errorOf('手机号')).toBe('请输入正确的11位手机号');
    expect(errorOf('邮箱')).toBe('请输入正确的邮箱地址');
    expect(screen.getAllByRole('alert')).toHaveLength(5);
    type('手机号', '13600136000');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(api.requests.filter((r) => r.path === '/api/user/register')).toEqual([]);
  });

  it('registers, stores the session and returns where the shopper came from', async () => {
    const userinfo = testUser({ id: 12, username: 'newbie', token: 'fresh' });
    const { api, kernel } = setup({ '/api/user/register': () => ({ userinfo }) });
    renderRoute(kernel, '/pages/register/register?invite=AB12CD&returnTo=%2Fgoods%2Fdetail%2Fdetail%3Fid%3D3');
    expect(((await screen.findByLabelText('邀请码')) as HTMLInputElement).value).toBe('AB12CD');
    expect(screen.queryByLabelText('验证码')).toBeNull();
    fill({ ...valid, 手机号: '13600136000' });
    submit();
    await screen.findByText('注册成功');
    expect(api.requests.find((r) => r.path === '/api/user/register')?.body).toEqual({
      username: 'newbie', password: 'abc12345', mobile: '13600136000', email: '', code: '', invite: 'AB12CD',
    });
    expect(kernel.session.state.user).toMatchObject({ id: 12, token: 'fresh' });
    expect(currentLocation()).toBe('/goods/detail/detail?id=3');
  });

  it("shows the server's refusal of a field (a taken mobile) beside that field, and stays on the page", async () => {
    const { kernel } = setup({ '/api/user/register': () => failReply('该手机号已绑定其他账户', { field: 'mobile' }) });
    renderRoute(kernel, '/pages/register/register');
    await screen.findByLabelText('用户名');
    fill({ ...valid, 手机号: '13600136000' });
    submit();
    expect(await alertText()).toBe('该手机号已绑定其他账户');
    expect(screen.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
    expect(kernel.session.state.loggedIn).toBe(false);
  });

  it("shows every finding of the server at once (taken username, e-mail and mobile, unknown invite code), each beside its field", async () => {
    const problems = [
      { field: 'username', message: '用户名已被占用' },
      { field: 'mobile', message: '该手机号已绑定其他账户' },
      { field: 'email', message: '该邮箱已绑定其他账户' },
      { field: 'invite', message: '邀请码不存在，请检查后重试' },
    ];
    const { kernel } = setup({ '/api/user/register': () => failReply('用户名：用户名已被占用', { ...problems[0], problems }) });
    renderRoute(kernel, '/pages/register/register');
    await screen.findByLabelText('用户名');
    fill({ ...valid, 手机号: '13600136000', 邮箱: 'me@example.com', 邀请码: 'NOPE00' });
    submit();
    await screen.findAllByRole('alert');
    const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(errorOf('用户名')).toBe('用户名已被占用');
    expect(errorOf('手机号')).toBe('该手机号已绑定其他账户');
    expect(errorOf('邮箱')).toBe('该邮箱已绑定其他账户');
    expect(errorOf('邀请码')).toBe('邀请码不存在，请检查后重试');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
    expect(screen.queryByText('用户名：用户名已被占用')).toBeNull();
    expect(kernel.session.state.loggedIn).toBe(false);
  });

  it("toasts a refusal that names no field (the server's other refusals) and stays on the page", async () => {
    const { kernel } = setup({ '/api/user/register': () => failReply('请求过于频繁') });
    renderRoute(kernel, '/pages/register/register');
    await screen.findByLabelText('用户名');
    fill(valid);
    submit();
    expect(await screen.findByText('请求过于频繁')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(kernel.session.state.loggedIn).toBe(false);
  });

  describe('when the site needs a code', () => {
    it('asks where to send it, then sends by SMS to the mobile', async () => {
      const { api, kernel } = setup({ '/api/Sms/send': () => null }, true);
      renderRoute(kernel, '/pages/register/register');
      fireEvent.click(await screen.findByRole('button', { name: '获取验证码' }));
      expect(await alertText()).toBe('请填写手机号或邮箱以接收验证码');
      type('手机号', '13600136000');
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      expect(await screen.findByRole('button', { name: '60秒后重发' })).toBeTruthy();
      expect(api.requests.find((r) => r.path === '/api/Sms/send')?.body).toEqual({ mobile: '13600136000', template_code: 'register' });
      fill(valid);
      submit();
      expect(await alertText()).toBe('请输入验证码');
    });

    it('sends by e-mail when only an e-mail address is given', async () => {
      const { api, kernel } = setup({ '/api/Ems/send': () => null }, true);
      renderRoute(kernel, '/pages/register/register');
      await screen.findByLabelText('邮箱');
      type('邮箱', 'me@example.com');
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await screen.findByRole('button', { name: '60秒后重发' });
      expect(api.requests.find((r) => r.path === '/api/Ems/send')?.body).toEqual({ email: 'me@example.com', event: 'register' });
    });
  });
});
