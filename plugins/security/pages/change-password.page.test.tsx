import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { CHANGE_PASSWORD_PATH } from '../paths';

function setup(handler: FakeHandler = () => null) {
  const api = fakeApi({ '/api/account/changePassword': handler });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'security'], adapter: api, user: { id: 7, token: 'tok', refreshToken: 'ref' } });
  renderRoute(kernel, CHANGE_PASSWORD_PATH);
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
const changes = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/account/changePassword');

async function fill(values: { old: string; next: string; again: string }) {
  await screen.findByLabelText('原密码');
  type('原密码', values.old);
  type('新密码', values.next);
  type('确认密码', values.again);
}

describe('change password page', () => {
  it('says that other devices will be logged out', async () => {
    setup();
    expect(await screen.findByText('修改后，其他设备上的登录将退出')).toBeTruthy();
    expect((screen.getByLabelText('新密码') as HTMLInputElement).type).toBe('password');
  });

  it('shows the password rule under the new password until a problem takes its place', async () => {
    setup();
    await fill({ old: 'old-pass-1', next: '12345678', again: '12345678' });
    expect(screen.getByText('6-20位，须同时包含字母和数字')).toBeTruthy();
    submit();
    expect(await screen.findByText('密码须为6-20位字母和数字组合')).toBeTruthy();
    expect(screen.queryByText('6-20位，须同时包含字母和数字')).toBeNull();
  });

  it('shows every problem at once under its field (a letters-only password and a mismatched confirmation both) and sends nothing', async () => {
    const { api } = setup();
    await fill({ old: '', next: 'abcdefgh', again: 'abcdefgi' });
    submit();
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    expect(errorOf('原密码')).toBe('请输入原密码');
    expect(errorOf('新密码')).toBe('密码须为6-20位字母和数字组合');
    expect(errorOf('确认密码')).toBe('两次输入的密码不一致');
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    type('原密码', 'old-pass-1');
    type('新密码', 'old-pass-1');
    type('确认密码', 'old-pass-1');
    submit();
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(changes(api)).toEqual([]);
  });

  it('says the one password rule in the placeholder and the hint', async () => {
    setup();
    const next = await screen.findByLabelText('新密码');
    expect(next.getAttribute('placeholder')).toBe('6-20位字母和数字组合');
    expect(errorOf('新密码')).toBe('6-20位，须同时包含字母和数字');
  });

  it("shows the server's refusal of several fields beside each, with no toast", async () => {
    const problems = [
      { field: 'oldpassword', message: '原密码不正确' },
      { field: 'newpassword', message: '新密码不能与原密码相同' },
    ];
    setup(() => failReply('原密码：原密码不正确', { ...problems[0], problems }));
    await fill({ old: 'not-it-1', next: 'new-pass-2', again: 'new-pass-2' });
    submit();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(errorOf('原密码')).toBe('原密码不正确');
    expect(errorOf('新密码')).toBe('新密码不能与原密码相同');
    expect(screen.queryByText('原密码：原密码不正确')).toBeNull();
  });

  it('shows the busy button while the change is sent, then says so, stays logged in and goes back', async () => {
    const { reply: held, release: answer } = heldReply();
    const { api, kernel } = setup(() => held);
    await fill({ old: 'old-pass-1', next: 'new-pass-2', again: 'new-pass-2' });
    submit();
    await waitFor(() => expect(changes(api)).toHaveLength(1));
    expect(screen.getByRole('button', { name: /确认修改/ }).getAttribute('aria-busy')).toBe('true');
    answer(null);
    expect(await screen.findByText('密码已修改，其他设备已退出登录')).toBeTruthy();
    expect(changes(api)[0].body).toEqual({ oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' });
    expect(kernel.session.state.loggedIn).toBe(true);
    await waitFor(() => expect(currentLocation()).not.toBe(CHANGE_PASSWORD_PATH));
  });

  it("shows the server's refusal and keeps the form to correct", async () => {
    setup(() => failReply('原密码不正确'));
    await fill({ old: 'not-it-1', next: 'new-pass-2', again: 'new-pass-2' });
    submit();
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    expect(currentLocation()).toBe(CHANGE_PASSWORD_PATH);
    expect((screen.getByLabelText('原密码') as HTMLInputElement).value).toBe('not-it-1');
  });

  it('sends an anonymous visitor to log in first', async () => {
    const api = fakeApi({});
    renderRoute(createTestKernel({ plugins: ['auth', 'member', 'security'], adapter: api }), CHANGE_PASSWORD_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(CHANGE_PASSWORD_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});
