import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isIconName } from '@kernel/client/ui';
import type { UserInfo } from '@kernel/core/user';
import { createTestKernel, fakeApi, type FakeHandler, heldReply, renderRoute, testUser } from '../../../tests/setup/kernel';
import { SECURITY_PATH } from '../paths';

function setup(profile: FakeHandler, user: Partial<UserInfo> = { id: 7 }) {
  const api = fakeApi({ '/api/account/profile': profile });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'security'], adapter: api, user });
  renderRoute(kernel, SECURITY_PATH);
  return { api, kernel };
}

const fresh = (fields: Partial<UserInfo>) => () => testUser({ id: 7, ...fields, token: '', refreshToken: '' });

describe('account security page', () => {
  it('shows a skeleton, then the bound e-mail and mobile masked, each leading to its page', async () => {
    const { reply: held, release: answer } = heldReply();
    setup(() => held);
    await waitFor(() => expect(document.querySelector('.sf-skeleton')).toBeTruthy());
    answer(fresh({ email: 'alice@example.com', mobile: '13800138000' })());
    const email = await screen.findByRole('link', { name: /绑定邮箱/ });
    expect(within(email).getByText('al***@example.com')).toBeTruthy();
    expect(email.getAttribute('href')).toBe('#/user/bindEmail/bindEmail');
    expect(within(screen.getByRole('link', { name: /绑定手机/ })).getByText('138****8000')).toBeTruthy();
    expect(screen.getByRole('link', { name: '修改密码' }).getAttribute('href')).toBe('#/user/changePassword/changePassword');
  });

  it('says 未绑定 for what is not bound', async () => {
    setup(fresh({ email: '', mobile: '' }));
    await screen.findByRole('link', { name: /绑定邮箱/ });
    expect(screen.getAllByText('未绑定')).toHaveLength(2);
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    let fail = true;
    setup(() => (fail ? { status: 500 } : fresh({ email: 'alice@example.com' })()));
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('al***@example.com')).toBeTruthy();
  });

  it('has one entry in the member centre, for logged-in shoppers', () => {
    const kernel = createTestKernel({ plugins: ['auth', 'member', 'security'] });
    const entries = kernel.menu.slot('member.services').filter((e) => e.plugin === 'security');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ to: SECURITY_PATH, label: 'security:menu.security', auth: true });
    expect(isIconName(entries[0].icon)).toBe(true);
  });
});
