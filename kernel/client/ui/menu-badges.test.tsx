import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel, testUser } from '../../../tests/setup/kernel';
import type { Kernel } from '../kernel';
import { badge, inlinePlugin } from '../plugin';
import { MenuSlotView } from './MenuSlotView';

/** A plugin whose two entries share one store, refreshed from "the server" (a counter here). */
function counted(refresh: (kernel: Kernel, store: { a: number; b: number }) => Promise<void> | void) {
  const store = proxy({ a: 0, b: 0 });
  const calls: Kernel[] = [];
  const run = (kernel: Kernel) => {
    calls.push(kernel);
    return refresh(kernel, store);
  };
  const plugin = inlinePlugin({
    id: 'orders',
    version: '1.0.0',
    i18n: { en: { a: 'A', b: 'B' }, 'zh-Hans': { a: '甲', b: '乙' } },
    menu: [
      { slot: 'member.orders', id: 'a', label: 'orders:a', icon: 'order', to: '/a', badge: badge(store, (s) => s.a, run) },
      { slot: 'member.orders', id: 'b', label: 'orders:b', icon: 'order', to: '/b', badge: badge(store, (s) => s.b, run) },
    ],
  });
  return { plugin, store, calls };
}

describe('menu badges refreshed when they show', () => {
  it('refreshes a badge store once when its slot appears, and shows what came back', async () => {
    const { plugin, calls } = counted((_kernel, store) => void Object.assign(store, { a: 2, b: 5 }));
    const kernel = createTestKernel({ plugins: [plugin], user: { id: 7 } });
    renderWithKernel(<MenuSlotView slot="member.orders" />, kernel);
    await waitFor(() => expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['2甲', '5乙']));
    expect(calls).toEqual([kernel]);
    cleanup();
    renderWithKernel(<MenuSlotView slot="member.orders" />, kernel);
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('refreshes again when another shopper logs in', async () => {
    const { plugin, calls } = counted(() => undefined);
    const kernel = createTestKernel({ plugins: [plugin], user: { id: 7 } });
    renderWithKernel(<MenuSlotView slot="member.orders" />, kernel);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => kernel.session.login(testUser({ id: 8 })));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('keeps the last value when a refresh fails', async () => {
    const { plugin, store, calls } = counted(() => Promise.reject(new Error('offline')));
    store.a = 1;
    renderWithKernel(<MenuSlotView slot="member.orders" />, createTestKernel({ plugins: [plugin], user: { id: 7 } }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['1甲', '乙']);
  });
});

describe('a badge gathered from other slots', () => {
  it('adds up the badges of its `badgeFrom` slots on an entry with none of its own, live, and shows nothing at zero', async () => {
    const store = proxy({ chat: 0, desk: 0, orders: 4 });
    const plugin = inlinePlugin({
      id: 'centre',
      version: '1.0.0',
      i18n: { en: { mine: 'Me', chat: 'Chat', desk: 'Desk', order: 'Orders' }, 'zh-Hans': { mine: '我的', chat: '客服', desk: '工作台', order: '订单' } },
      menu: [
        { slot: 'tabbar', id: 'mine', label: 'centre:mine', icon: 'user', to: '/mine', badgeFrom: ['member.services'] },
        { slot: 'member.services', id: 'chat', label: 'centre:chat', icon: 'service', to: '/chat', badge: badge(store, (s) => s.chat || null) },
        { slot: 'member.services', id: 'desk', label: 'centre:desk', icon: 'service', to: '/desk', badge: badge(store, (s) => s.desk || null) },
        // Not a slot the tab gathers from.
        { slot: 'member.orders', id: 'order', label: 'centre:order', icon: 'order', to: '/orders', badge: badge(store, (s) => s.orders) },
      ],
    });
    const kernel = createTestKernel({ plugins: [plugin], user: { id: 7 } });
    renderWithKernel(<MenuSlotView slot="tabbar" />, kernel);
    expect((await screen.findByRole('link')).textContent).toBe('我的');
    act(() => Object.assign(store, { chat: 2 }));
    await waitFor(() => expect(screen.getByRole('link').textContent).toBe('2我的'));
    act(() => Object.assign(store, { desk: 3 }));
    await waitFor(() => expect(screen.getByRole('link').textContent).toBe('5我的'));
    act(() => Object.assign(store, { chat: 0, desk: 0 }));
    await waitFor(() => expect(screen.getByRole('link').textContent).toBe('我的'));
  });
});
