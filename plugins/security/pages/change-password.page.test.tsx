import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, renderRoute } from '../../../tests/setup/kernel';
import { CHANGE_PASSWORD_PATH } from '../paths';

function setup(handler: FakeHandler = () => null) {
  const api = fakeApi({ '/api/account/changePassword': handler });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'security'], adapter: api, user: { id: 7, token: 'tok', refreshToken: 'ref' } });
  renderRoute(kernel, CHANGE_PASSWORD_PATH);
  return { api, kernel };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '确认修改' }));
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

  it('names the first problem under its field and sends nothing', async () => {
    const { api } = setup();
    await fill({ old: '', next: '', again: '' });
    submit();
    expect(await screen.findByText('请输入原密码')).toBeTruthy();
    type('原密码', 'old-pass-1');
    type('新密码', 'abcdefgh');
    submit();
    expect(await screen.findByText('密码须为6-20位字母和数字组合')).toBeTruthy();
    type('新密码', 'old-pass-1');
    submit();
    expect(await screen.findByText('新密码不能与原密码相同')).toBeTruthy();
    type('新密码', 'new-pass-2');
    type('确认密码', 'new-pass-3');
    submit();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(changes(api)).toEqual([]);
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
    expect(api.requests).toEqual([]);
  });
});
