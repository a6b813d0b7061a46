/**
 * The flash-sale page on the kernel's real socket service (the hub is the test's fake): a visitor's
 * page opens an anonymous read-only connection and shows each purchase pushed on it at once.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, fakeApi, fakeSocketServer, renderRoute } from '../../../tests/setup/kernel';
import { item, push, saleIndex } from '../client-fixtures';
import { SECKILL_PATH } from '../paths';

describe('flash-sale page on the socket', () => {
  it("shows a visitor another shopper's purchase without a reload, down to sold out", async () => {
    const hub = fakeSocketServer();
    const api = fakeApi({ '/api/seckill/index': () => saleIndex({ goods: [item(1, { name: '蓝牙耳机', stock: 20, left: 2 })] }) });
    const kernel = createTestKernel({ plugins: ['seckill'], adapter: api, socket: hub, site: { wss: '/api/socket' } });
    renderRoute(kernel, SECKILL_PATH);
    const card = within(await screen.findByRole('article', { name: '蓝牙耳机' }));
    const ws = await hub.accept();
    expect(ws.url).toContain('public=1');
    act(() => hub.push(push({ item_id: 1, left: 1 }) as never));
    expect(card.getByTestId('seckill-bar').textContent).toBe('仅剩 1 件');
    act(() => hub.push(push({ item_id: 1, left: 0 }) as never));
    expect(card.getByRole('button', { name: '已抢光' }).hasAttribute('disabled')).toBe(true);
    // The socket service keeps the last flash-sale message (spec §4).
    await waitFor(() => expect(kernel.socket.state.last.seckill).toMatchObject({ item_id: 1, left: 0 }));
  });
});
