import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import auth from '../../auth/index';
import chat from '../index';
import { SERVICE_PATH } from '../paths';

describe('customer-service page (placeholder)', () => {
  it('shows that the chat is on its way to a logged-in shopper', async () => {
    const kernel = createTestKernel({ plugins: [auth, chat], adapter: fakeApi({}), user: { id: 7 } });
    renderRoute(kernel, SERVICE_PATH);
    expect(await screen.findByText('在线客服即将开放')).toBeTruthy();
  });

  it('sends an anonymous visitor to log in first', async () => {
    const api = fakeApi({});
    const kernel = createTestKernel({ plugins: [auth, chat], adapter: api });
    renderRoute(kernel, SERVICE_PATH);
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(SERVICE_PATH)}`));
    expect(api.requests).toEqual([]);
  });

  it('has no menu entry until the chat page is done', () => {
    const kernel = createTestKernel({ plugins: [auth, chat] });
    expect(kernel.menu.slot('member.services').filter((e) => e.plugin === 'chat')).toEqual([]);
  });
});
