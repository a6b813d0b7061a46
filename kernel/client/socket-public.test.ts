/**
 * Public messages (`kernel.socket.onPublic`): a visitor gets an anonymous read-only connection
 * (`?public=1`) while a public subscriber exists, dropped a moment after the last one leaves or
 * at a login (the user's connection carries them); the last message of each type stays in
 * `state.last` for a page that mounts later.
 */
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SOCKET_STATE, type SocketMessage } from '../core/socket';
import type { UserInfo } from '../core/user';
import { createTestKernel, fakeSocketServer, testUser } from '../../tests/setup/kernel';
import { useSocket } from './hooks';
import { KernelProvider } from './provider';
import { PUBLIC_LINGER_MS } from './socket-machine';
import { withFakeTimers } from './socket-test-setup';

const WSS = 'wss://chat.shop.test/socket';
const sale = (left: number): SocketMessage => ({ type: 'seckill', event: 'buy', seckill_id: 1, goods_id: 3, buy_num: 1, item_id: 5, left });

/** A kernel and its fake hub; `got` collects what the public `seckill` subscriber received. */
function setup(user?: Partial<UserInfo>) {
  const hub = fakeSocketServer();
  const kernel = createTestKernel({ socket: hub, site: { wss: WSS }, user });
  const got: SocketMessage[] = [];
  const opens: boolean[] = [];
  return { hub, kernel, got, opens, subscribe: () => kernel.socket.onPublic('seckill', (m) => got.push(m)) };
}

withFakeTimers();

describe('socket: public messages for a visitor', () => {
  it('opens an anonymous connection for the first public subscriber, pings without an identity, and delivers', async () => {
    const { hub, kernel, got, opens, subscribe } = setup();
    kernel.socket.onOpen(({ first }) => opens.push(first));
    const chat: SocketMessage[] = [];
    kernel.socket.on('seckill', (m) => chat.push(m));
    await expect(hub.connection()).rejects.toThrow();

    subscribe();
    const ws = await hub.accept();
    expect(ws.url).toBe(`${WSS}?public=1`);
    expect(ws.token).toBeNull();
    expect(ws.sent()).toEqual([{ type: 'ping' }]);
    expect(kernel.socket.state.status).toBe(SOCKET_STATE.open);

    hub.push(sale(9));
    expect(got).toEqual([sale(9)]);
    expect(kernel.socket.state.last.seckill).toEqual(sale(9));
    // The chat's subscribers and opens belong to a user's connection; a visitor's is read-only.
    expect(chat).toEqual([]);
    expect(opens).toEqual([]);
    expect(kernel.socket.send({ type: 'single', content: 'hi' })).toBe(false);
  });

  it('keeps the last message of each public type for a page that subscribes later', async () => {
    const { hub, kernel, subscribe } = setup();
    const stop = subscribe();
    await hub.accept();
    hub.push(sale(9));
    hub.push(sale(8));
    hub.push({ type: 'other', n: 1 });
    stop();
    expect(kernel.socket.state.last).toEqual({ seckill: sale(8) });

    const later: SocketMessage[] = [];
    kernel.socket.onPublic('seckill', (m) => later.push(m));
    expect(kernel.socket.state.last.seckill).toEqual(sale(8));
    hub.push(sale(7));
    expect(later).toEqual([sale(7)]);
  });

  it(`closes the connection ${PUBLIC_LINGER_MS / 1000} s after the last subscriber leaves, and keeps it for one that comes meanwhile`, async () => {
    const { hub, kernel, subscribe } = setup();
    const [stopA, stopB] = [subscribe(), subscribe()];
    const ws = await hub.accept();
    stopA();
    stopB();
    await vi.advanceTimersByTimeAsync(PUBLIC_LINGER_MS - 1);
    expect(ws.closedWith).toBeNull();
    // A page giving way to another that subscribes too (home → flash sale): the same connection.
    const stopC = subscribe();
    await vi.advanceTimersByTimeAsync(PUBLIC_LINGER_MS * 2);
    expect(ws.closedWith).toBeNull();
    expect(hub.connections).toHaveLength(1);

    stopC();
    await vi.advanceTimersByTimeAsync(PUBLIC_LINGER_MS);
    expect(ws.closedWith).toBe(1000);
    expect(kernel.socket.state.status).toBe(SOCKET_STATE.initial);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hub.connections).toHaveLength(1);
  });

  it('reconnects an anonymous connection that drops, with the same backoff', async () => {
    const { hub, subscribe } = setup();
    subscribe();
    (await hub.accept()).serverClose(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(hub.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(hub.connections[1].url).toBe(`${WSS}?public=1`);
  });

  it('gives the anonymous connection up at a login: the user’s connection carries the public messages', async () => {
    const { hub, kernel, got, opens, subscribe } = setup();
    kernel.socket.onOpen(({ first }) => opens.push(first));
    subscribe();
    const anonymous = await hub.accept();
    kernel.session.login(testUser({ id: 7, token: 'tok-7' }));
    expect(anonymous.closedWith).toBe(1000);
    const ws = await hub.accept();
    expect(ws.token).toBe('tok-7');
    expect(ws.sent('ping')).toEqual([{ type: 'ping', uid: 'user_7', user_id: 7 }]);
    expect(opens).toEqual([true]);

    hub.push(sale(4));
    expect(got).toEqual([sale(4)]);
    expect(kernel.socket.state.last.seckill).toEqual(sale(4));
    // Its public subscribers gone, a user's connection stays (it is the chat's).
    await vi.advanceTimersByTimeAsync(PUBLIC_LINGER_MS * 2);
    expect(ws.closedWith).toBeNull();
  });

  it('opens the anonymous connection again after a logout while a public subscriber is left', async () => {
    const { hub, kernel, got, subscribe } = setup({ id: 7, token: 'tok-7' });
    subscribe();
    const ws = await hub.accept();
    expect(ws.token).toBe('tok-7');
    kernel.session.clear();
    expect(ws.closedWith).toBe(1000);
    const anonymous = await hub.accept();
    expect(anonymous.url).toBe(`${WSS}?public=1`);
    hub.push(sale(2));
    expect(got).toEqual([sale(2)]);
  });

  it('opens nothing for a visitor on a site without `wss`', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const hub = fakeSocketServer();
    const kernel = createTestKernel({ socket: hub, site: { wss: '' } });
    kernel.socket.onPublic('seckill', () => {});
    await expect(hub.connection()).rejects.toThrow();
  });

  it('shows the last message through useSocket()', async () => {
    const { hub, kernel, subscribe } = setup();
    subscribe();
    await hub.accept();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(KernelProvider, { kernel, children });
    const { result } = renderHook(() => useSocket().last.seckill, { wrapper });
    expect(result.current).toBeUndefined();
    await act(async () => hub.push(sale(3)));
    expect(result.current).toEqual(sale(3));
  });
});
