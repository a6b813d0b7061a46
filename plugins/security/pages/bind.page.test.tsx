import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import type { UserInfo } from '@kernel/core/user';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute, testUser } from '../../../tests/setup/kernel';
import { BIND_EMAIL_PATH, BIND_MOBILE_PATH } from '../paths';

const shopper = { id: 7, username: 'demo', nickname: '演示用户', email: '', mobile: '' };

function setup(path: string, options: { user?: Partial<UserInfo>; handlers?: Record<string, FakeHandler> } = {}) {
  const user = { ...shopper, ...options.user };
  const fresh = (fields: Partial<UserInfo> = {}) => testUser({ ...user, ...fields, token: '', refreshToken: '' });
  const api = fakeApi({
    '/api/account/profile': () => fresh(),
    '/api/Ems/send': () => null,
    '/api/Sms/send': () => null,
    '/api/account/checkPassword': () => ({ valid_until: 2_000_000_000 }),
    '/api/account/changeBindApp': (body) => fresh({ [String(body.type)]: String(body.value) }),
    '/api/account/unBind': (body) => fresh({ [String(body.type)]: '' }),
    ...options.handlers,
  });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'security'], adapter: api, user: { ...user, token: 'tok', refreshToken: 'ref' } });
  renderRoute(kernel, path);
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
const sent = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);

describe('bind e-mail page', () => {
  it('shows a skeleton while the profile loads, then that no e-mail is bound and the form, without a password step', async () => {
    const { reply: held, release: answer } = heldReply();
    setup(BIND_EMAIL_PATH, { handlers: { '/api/account/profile': () => held } });
    await waitFor(() => expect(document.querySelector('.sf-skeleton')).toBeTruthy());
    answer(testUser({ ...shopper, token: '', refreshToken: '' }));
    expect(await screen.findByText('还没有绑定邮箱')).toBeTruthy();
    expect(screen.getByText('未绑定')).toBeTruthy();
    expect(screen.getByLabelText('新邮箱')).toBeTruthy();
    expect(screen.queryByLabelText('登录密码')).toBeNull();
    expect(screen.queryByRole('button', { name: '解除绑定' })).toBeNull();
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    let fail = true;
    setup(BIND_EMAIL_PATH, { handlers: { '/api/account/profile': () => (fail ? { status: 503 } : testUser({ ...shopper, token: '', refreshToken: '' })) } });
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('还没有绑定邮箱')).toBeTruthy();
  });

  it('sends the code through the auth plugin, counts down to a resend, binds, updates the session and goes back', async () => {
    const { api, kernel } = setup(BIND_EMAIL_PATH);
    await screen.findByText('还没有绑定邮箱');
    type('新邮箱', ' Ann@Example.com ');
    press('获取验证码');
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect(sent(api, '/api/Ems/send')).toEqual([{ email: 'ann@example.com', event: 'changeemail' }]);
    expect(await screen.findByRole('button', { name: /^\d+秒后重发$/ })).toBeTruthy();
    type('验证码', '123456');
    press('绑定');
    expect(await screen.findByText('绑定成功')).toBeTruthy();
    expect(sent(api, '/api/account/changeBindApp')).toEqual([{ type: 'email', value: 'ann@example.com', code: '123456' }]);
    expect(kernel.session.state.user).toMatchObject({ email: 'ann@example.com', token: 'tok' });
    await waitFor(() => expect(currentLocation()).not.toBe(BIND_EMAIL_PATH));
  });

  it('checks the address before sending a code, and the code before binding', async () => {
    const { api } = setup(BIND_EMAIL_PATH);
    await screen.findByText('还没有绑定邮箱');
    type('新邮箱', 'ann@');
    press('获取验证码');
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeTruthy();
    type('新邮箱', 'ann@example.com');
    press('绑定');
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(api.requests.filter((r) => r.path !== '/api/account/profile')).toEqual([]);
  });

  it('shows a bad address and a missing code at once, each beside its field', async () => {
    const { api } = setup(BIND_EMAIL_PATH);
    await screen.findByText('还没有绑定邮箱');
    type('新邮箱', 'ann@');
    press('绑定');
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(errorOf('新邮箱')).toBe('请输入正确的邮箱地址');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(api.requests.filter((r) => r.path !== '/api/account/profile')).toEqual([]);
  });

  it("shows the server's refusal of the address and of the code, each beside its field", async () => {
    const problems = [
      { field: 'value', message: '该邮箱已绑定其他账户' },
      { field: 'code', message: '验证码错误' },
    ];
    setup(BIND_EMAIL_PATH, { handlers: { '/api/account/changeBindApp': () => failReply('该邮箱已绑定其他账户', { ...problems[0], problems }) } });
    await screen.findByText('还没有绑定邮箱');
    type('新邮箱', 'taken@example.com');
    type('验证码', '000000');
    press('绑定');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(errorOf('新邮箱')).toBe('该邮箱已绑定其他账户');
    expect(errorOf('验证码')).toBe('验证码错误');
    expect(currentLocation()).toBe(BIND_EMAIL_PATH);
  });

  it('leaves the button ready when the code is refused (the address is taken), and keeps the page on a refused binding', async () => {
    setup(BIND_EMAIL_PATH, {
      handlers: { '/api/Ems/send': () => failReply('该邮箱已绑定其他账户'), '/api/account/changeBindApp': () => failReply('验证码错误') },
    });
    await screen.findByText('还没有绑定邮箱');
    type('新邮箱', 'taken@example.com');
    press('获取验证码');
    expect(await screen.findByText('该邮箱已绑定其他账户')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
    type('验证码', '000000');
    press('绑定');
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    expect(currentLocation()).toBe(BIND_EMAIL_PATH);
  });

  it('shows a bound e-mail masked and asks for the password before changing or unbinding it', async () => {
    const { api } = setup(BIND_EMAIL_PATH, { user: { email: 'alice@example.com' }, handlers: { '/api/account/checkPassword': () => failReply('登录密码不正确') } });
    expect(await screen.findByText('al***@example.com')).toBeTruthy();
    expect(screen.getByText('为了账户安全，请先验证登录密码')).toBeTruthy();
    expect(screen.queryByLabelText('新邮箱')).toBeNull();
    press('下一步');
    expect(await screen.findByText('请输入登录密码')).toBeTruthy();
    type('登录密码', 'wrong-pass');
    press('下一步');
    expect(await screen.findByText('登录密码不正确')).toBeTruthy();
    expect(screen.queryByLabelText('新邮箱')).toBeNull();

    api.on('/api/account/checkPassword', () => ({ valid_until: 2_000_000_000 }));
    // The refusal can show before the button leaves its busy state: a click on a busy button does nothing.
    await waitFor(() => expect((screen.getByRole('button', { name: '下一步' }) as HTMLButtonElement).disabled).toBe(false));
    press('下一步');
    expect(await screen.findByLabelText('新邮箱')).toBeTruthy();
    expect(sent(api, '/api/account/checkPassword').at(-1)).toEqual({ password: 'wrong-pass' });
    expect(screen.getByRole('button', { name: '更换绑定' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '解除绑定' })).toBeTruthy();
  });

  it('refuses to send a code to the address already bound', async () => {
    const { api } = setup(BIND_EMAIL_PATH, { user: { email: 'alice@example.com' } });
    await screen.findByText('al***@example.com');
    type('登录密码', 'secret123');
    press('下一步');
    await screen.findByLabelText('新邮箱');
    type('新邮箱', 'ALICE@example.com');
    press('获取验证码');
    expect(await screen.findByText('这已是您绑定的邮箱')).toBeTruthy();
    expect(sent(api, '/api/Ems/send')).toEqual([]);
  });

  it('asks for the password again when the server says the check has expired', async () => {
    setup(BIND_EMAIL_PATH, {
      user: { email: 'alice@example.com' },
      handlers: { '/api/account/changeBindApp': () => failReply('为了账户安全，请先验证登录密码', { password_check: true }) },
    });
    await screen.findByText('al***@example.com');
    type('登录密码', 'secret123');
    press('下一步');
    await screen.findByLabelText('新邮箱');
    type('新邮箱', 'new@example.com');
    type('验证码', '123456');
    press('更换绑定');
    expect(await screen.findByRole('button', { name: '下一步' })).toBeTruthy();
    expect(screen.queryByLabelText('新邮箱')).toBeNull();
  });

  it('unbinds after confirmation, and then shows that none is bound', async () => {
    const { api, kernel } = setup(BIND_EMAIL_PATH, { user: { email: 'alice@example.com' } });
    await screen.findByText('al***@example.com');
    type('登录密码', 'secret123');
    press('下一步');
    fireEvent.click(await screen.findByRole('button', { name: '解除绑定' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('解除后将不能用此邮箱登录或找回密码，确定解除吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('已解除绑定')).toBeTruthy();
    expect(sent(api, '/api/account/unBind')).toEqual([{ type: 'email' }]);
    expect(kernel.session.state.user?.email).toBe('');
    expect(await screen.findByText('还没有绑定邮箱')).toBeTruthy();
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const api = fakeApi({});
    const kernel = createTestKernel({ plugins: ['auth', 'member', 'security'], adapter: api });
    renderRoute(kernel, BIND_EMAIL_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(BIND_EMAIL_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});

describe('bind mobile page', () => {
  it('shows the bound mobile masked and, after the password, changes it with an SMS code for changemobile', async () => {
    const { api, kernel } = setup(BIND_MOBILE_PATH, { user: { mobile: '13800138000' } });
    expect(await screen.findByText('138****8000')).toBeTruthy();
    type('登录密码', 'secret123');
    press('下一步');
    await screen.findByLabelText('新手机号');
    type('新手机号', '13900139000');
    press('获取验证码');
    await screen.findByText('验证码已发送');
    expect(sent(api, '/api/Sms/send')).toEqual([{ mobile: '13900139000', template_code: 'changemobile' }]);
    type('验证码', '654321');
    press('更换绑定');
    expect(await screen.findByText('绑定成功')).toBeTruthy();
    expect(sent(api, '/api/account/changeBindApp')).toEqual([{ type: 'mobile', value: '13900139000', code: '654321' }]);
    expect(kernel.session.state.user?.mobile).toBe('13900139000');
  });

  it('shows a bad number and a missing code at once, each beside its field', async () => {
    const { api } = setup(BIND_MOBILE_PATH);
    await screen.findByText('还没有绑定手机');
    type('新手机号', '1390013900');
    press('绑定');
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(errorOf('新手机号')).toBe('请输入正确的11位手机号');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(sent(api, '/api/account/changeBindApp')).toEqual([]);
  });

  it('checks the number before sending a code', async () => {
    const { api } = setup(BIND_MOBILE_PATH);
    await screen.findByText('还没有绑定手机');
    type('新手机号', '1390013900');
    press('获取验证码');
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(sent(api, '/api/Sms/send')).toEqual([]);
  });
});
