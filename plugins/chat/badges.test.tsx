import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestKernel, fakeApi, renderRoute, testUser } from '../../tests/setup/kernel';
import { room, SHOPPER, STAFF, shopperPeer, staffPeer } from './fixtures';
import { chatStore, emptyChat } from './store';
import { settleRooms } from './store-rooms';

/** The member centre (with its tab bar) for `user`, whose chat holds `rooms`. */
async function memberCentre(user: { id: number; is_staff?: 0 | 1 }, rooms: ReturnType<typeof room>[]) {
  const api = fakeApi({ '/api/account/profile': () => testUser({ ...user, token: '', refreshToken: '' }) });
  const kernel = createTestKernel({ plugins: ['auth', 'member', 'chat'], adapter: api, user });
  renderRoute(kernel, '/pages/user/user');
  await screen.findByRole('link', { name: /联系客服/ });
  act(() => {
    Object.assign(chatStore, { user_id: user.id, roomList: rooms });
    settleRooms(chatStore);
  });
}
const tab = () => within(screen.getByRole('navigation')).getByRole('link', { name: /我的/ });
const entry = (name: string) => screen.getByRole('link', { name: new RegExp(name) });

beforeEach(() => Object.assign(chatStore, emptyChat()));

describe('unread chat badges', () => {
  it("shows a shopper's unread messages on 联系客服 and on the 我的 tab", async () => {
    await memberCentre({ id: SHOPPER }, [room(1, { no_read: 2 })]);
    await waitFor(() => expect(tab().textContent).toBe('2我的'));
    expect(entry('联系客服').textContent).toContain('2');
  });

  it("shows a staff member's unread questions on 客服工作台, not on 联系客服", async () => {
    const served = (id: number, noRead: number) => room(id, { no_read: noRead, peaple1: shopperPeer(), peaple2: staffPeer(STAFF) });
    await memberCentre({ id: STAFF, is_staff: 1 }, [served(1, 2), served(2, 1)]);
    await waitFor(() => expect(entry('客服工作台').textContent).toContain('3'));
    expect(entry('联系客服').textContent).not.toMatch(/\d/);
    expect(tab().textContent).toBe('3我的');
  });
});
