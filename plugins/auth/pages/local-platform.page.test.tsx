import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';

const CALLBACK = '/pages/login/third?returnTo=%2Fx&type=local';
const page = `/pages/login/local-platform?state=st-123&callback=${encodeURIComponent(CALLBACK)}`;

function setup(handlers: Record<string, FakeHandler> = {}, language?: 'en') {
  const api = fakeApi(handlers);
  return { api, kernel: createTestKernel({ plugins: ['auth'], adapter: api, language }) };
}
const type = (value: string) => fireEvent.change(screen.getByLabelText('平台用户名'), { target: { value } });

describe('the local platform page', () => {
  it('asks for a platform name, then sends the shopper back to the shop with the code and the state', async () => {
    const { api, kernel } = setup({ '/api/auth/localAuthorize': () => ({ code: 'granted-code' }) });
    renderRoute(kernel, page);
    fireEvent.click(await screen.findByRole('button', { name: '授权' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入平台用户名');
    expect(api.requests).toEqual([]);
    type(' 阿明 ');
    fireEvent.click(screen.getByRole('button', { name: '授权' }));
    await vi.waitFor(() => expect(currentLocation()).toBe('/pages/login/third?returnTo=%2Fx&type=local&uuid=granted-code&state=st-123'));
    expect(api.requests[0].body).toEqual({ name: '阿明' });
  });

  it("shows the platform's refusal and stays", async () => {
    const { kernel } = setup({ '/api/auth/localAuthorize': () => failReply('本站未开通该登录方式（local）') });
    renderRoute(kernel, page);
    type('阿明');
    fireEvent.click(await screen.findByRole('button', { name: '授权' }));
    expect(await screen.findByText('本站未开通该登录方式（local）')).toBeTruthy();
    expect(currentLocation()).toBe(page);
  });

  it('cancels back to login, keeping where to return', async () => {
    const { kernel } = setup();
    renderRoute(kernel, page);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(currentLocation()).toBe('/pages/login/login?returnTo=%2Fx');
  });

  it('refuses a request without a state or with a return address outside the shop', async () => {
    for (const bad of ['/pages/login/local-platform?callback=%2Fpages%2Flogin%2Fthird', '/pages/login/local-platform?state=s&callback=%2F%2Fevil.test']) {
      const { kernel } = setup();
      const { unmount } = renderRoute(kernel, bad);
      expect(await screen.findByText('授权请求无效，请返回登录页重新发起')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '授权' })).toBeNull();
      unmount();
    }
  });

  it('speaks English', async () => {
    const { kernel } = setup({}, 'en');
    renderRoute(kernel, page);
    expect(await screen.findByRole('button', { name: 'Authorise' })).toBeTruthy();
    expect(screen.getByLabelText('Platform user name')).toBeTruthy();
  });
});
