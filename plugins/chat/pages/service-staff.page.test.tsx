import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { MenuSlotView } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, fakeSocketServer, renderRoute, renderWithKernel, testUser } from '../../../tests/setup/kernel';
import { STAFF } from '../fixtures';
import { DESK_PATH, SERVICE_PATH } from '../paths';
import { chatStore, emptyChat } from '../store';

beforeEach(() => {
  Object.assign(chatStore, emptyChat());
});

describe('customer service for a staff member', () => {
  it('never says "no customer service": it leads them to their desk, without asking for a staff member', async () => {
    const api = fakeApi({ '/api/Worker/getServicePeaple': () => failReply('暂无客服，请联系管理员'), '/api/Worker/getRoom': () => [] });
    const kernel = createTestKernel({ plugins: ['auth', 'chat'], adapter: api, socket: fakeSocketServer(), site: { wss: '/api/socket' }, user: { id: STAFF, is_staff: 1 } });
    await act(async () => {
      renderRoute(kernel, SERVICE_PATH);
      await kernel.locale.loadTimeFormats();
    });
    expect(await screen.findByText('你是客服：顾客的咨询会出现在客服工作台')).toBeTruthy();
    expect(screen.queryByText('暂无客服，请联系管理员')).toBeNull();
    expect(api.requests.filter((r) => r.path === '/api/Worker/getServicePeaple')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '进入客服工作台' }));
    await waitFor(() => expect(currentLocation()).toBe(DESK_PATH));
  });
});

describe('member-centre entries of the chat', () => {
  const entries = async (user?: { id: number; is_staff?: 0 | 1 }) => {
    const kernel = createTestKernel({ plugins: ['auth', 'chat'] });
    if (user) kernel.session.login(testUser(user));
    renderWithKernel(<MenuSlotView slot="member.services" />, kernel);
    await screen.findByRole('link', { name: /联系客服/ });
    return screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
  };

  it('shows staff a link to the desk beside "contact us"', async () => {
    expect(await entries({ id: STAFF, is_staff: 1 })).toEqual([
      ['联系客服', `#${SERVICE_PATH}`],
      ['客服工作台', `#${DESK_PATH}`],
    ]);
  });

  it('shows shoppers and visitors no desk link', async () => {
    expect(await entries({ id: 5, is_staff: 0 })).toEqual([['联系客服', `#${SERVICE_PATH}`]]);
  });

  it('shows no desk link to a user stored before the staff flag existed', async () => {
    expect(await entries({ id: 6 })).toEqual([['联系客服', `#${SERVICE_PATH}`]]);
  });
});
