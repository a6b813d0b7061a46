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
