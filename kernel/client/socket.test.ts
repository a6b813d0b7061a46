/**
 * The client socket (`kernel.socket`, spec §4): connecting once a user is logged in and something
 * subscribes, the ping and pong that keep the connection, messages in and out, `useSocket`, and
 * the fake hub page tests use. Reconnecting, and following the session and the network:
 * ./socket-reconnect.test.ts.
 */
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PING_EVERY_MS, PONG_WAIT_MS, SOCKET_STATE } from '../core/socket';
import { createTestKernel, fakeSocketServer, testUser } from '../../tests/setup/kernel';
import { useSocket } from './hooks';
import { KernelProvider } from './provider';
import { connected, setup, WSS, withFakeTimers } from './socket-test-setup';

const { initial, reconnecting, open } = SOCKET_STATE;

withFakeTimers();

describe('socket: connecting (spec §4)', () => {
  it('does nothing without a configured chat server address, and only logs it once', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { hub, kernel, state } = setup({ wss: '' });
    kernel.session.update({ money: '1.00' });
    await expect(hub.connection()).rejects.toThrow(/wss/);
    expect(hub.connections).toHaveLength(0);
    expect(state.status).toBe(initial);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0][0]).toMatch(/wss/);
  });

  it('stays idle while nothing subscribes to it', async () => {
    const hub = fakeSocketServer();
    const kernel = createTestKernel({ socket: hub, site: { wss: WSS }, user: { id: 7 } });
    await expect(hub.connection()).rejects.toThrow();
    expect(kernel.socket.state.status).toBe(initial);
  });

  it('connects when a user logs in, with the access token in the address', async () => {
    const { hub, kernel, state } = setup({ user: null });
    await expect(hub.connection()).rejects.toThrow();
    expect(state.status).toBe(initial);

    kernel.session.login(testUser({ id: 7, token: 'tok-1' }));
    const ws = await hub.connection();
    expect(ws.url).toBe(`${WSS}?token=tok-1`);
    expect(state.status).toBe(reconnecting);
  });

  it('resolves a path against the page: https → wss', async () => {
    const { hub } = setup({ wss: '/api/socket' });
    expect((await hub.connection()).url).toBe('wss://shop.test/api/socket?token=tok-1');
  });

  it('on open: state 1, and a ping with the wire id and the user id at once', async () => {
    const { hub, state, opens } = setup();
    const ws = await hub.connection();
    ws.open();
    expect(state).toMatchObject({ status: open, attempts: 0, failed: false, lastError: null });
    expect(ws.sent()).toEqual([{ type: 'ping', uid: 'user_7', user_id: 7 }]);
    expect(opens).toEqual([true]);
  });

  it('pings again every 30 s while the pongs come', async () => {
    const { ws, hub } = await connected();
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS - 1);
    expect(ws.sent('ping')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sent('ping')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS * 3);
    expect(ws.sent('ping')).toHaveLength(5);
    expect(hub.connections).toHaveLength(1);
    expect(ws.closedWith).toBeNull();
  });

  it('closes and reconnects when no pong arrives within 1 s', async () => {
    const { ws, hub, state } = await connected({ autoPong: false });
    await vi.advanceTimersByTimeAsync(PONG_WAIT_MS - 1);
    expect(ws.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.closedWith).toBe(1000);
    expect(state).toMatchObject({ status: reconnecting, attempts: 1, lastError: 'no pong' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.connections).toHaveLength(2);
  });

  it('a late pong after the next ping still counts only for that ping', async () => {
    const { ws, state } = await connected({ autoPong: false });
    ws.receive({ type: 'pong', time: 1 });
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(ws.sent('ping')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PONG_WAIT_MS);
    expect(state.lastError).toBe('no pong');
    expect(ws.closedWith).toBe(1000);
  });
});

describe('socket: messages', () => {
  it('hands incoming messages to the subscribers of their type; pong and junk to none', async () => {
    const { ws, kernel } = await connected();
    const singles: unknown[] = [];
    const all: string[] = [];
    const stop = kernel.socket.on('single', (message) => singles.push(message));
    for (const type of ['single', 'read_msg', 'pong', 'seckill']) kernel.socket.on(type, (message) => all.push(message.type));
    ws.receive({ type: 'single', msg: 'hello' });
    ws.receive({ type: 'read_msg', ids: [1] });
    ws.receive({ type: 'pong', time: 1 });
    ws.receive('not json');
    ws.receive('{"no":"type"}');
    stop();
    ws.receive({ type: 'single', msg: 'again' });
    expect(singles).toEqual([{ type: 'single', msg: 'hello' }]);
    expect(all).toEqual(['single', 'read_msg', 'single']);
  });

  it('a failing handler does not keep the message from the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { ws, kernel } = await connected();
    const seen: string[] = [];
    kernel.socket.on('single', () => {
      throw new Error('boom');
    });
    kernel.socket.on('single', (message) => seen.push(String(message.msg)));
    ws.receive({ type: 'single', msg: 'hi' });
    expect(seen).toEqual(['hi']);
    expect(error.mock.calls[0][0]).toMatch(/`single` handler/);
  });

  it('sends only while open: false before, during a reconnect and after logout', async () => {
    const { hub, kernel } = setup();
    const message = { type: 'single', msg: 'hi' };
    expect(kernel.socket.send(message)).toBe(false);
    const ws = await hub.connection();
    expect(kernel.socket.send(message)).toBe(false);
    ws.open();
    expect(kernel.socket.send(message)).toBe(true);
    expect(ws.sent('single')).toEqual([message]);
    ws.fail();
    expect(kernel.socket.send(message)).toBe(false);
    kernel.session.clear();
    expect(kernel.socket.send(message)).toBe(false);
    expect(hub.sent('single')).toHaveLength(1);
  });

  it('does not count a send on a connection that is already closing', async () => {
    const { ws, kernel } = await connected();
    ws.readyState = 2; // its close event is still on the way
    expect(kernel.socket.send({ type: 'single', msg: 'hi' })).toBe(false);
  });

  it('refuses a frame larger than the hub accepts', async () => {
    const { ws, kernel } = await connected();
    expect(kernel.socket.send({ type: 'single', msg: 'x'.repeat(20_000) })).toBe(false);
    expect(ws.sent('single')).toEqual([]);
  });
});

describe('useSocket', () => {
  it('re-renders with the state', async () => {
    const { hub, kernel } = setup();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(KernelProvider, { kernel, children });
    const { result } = renderHook(() => useSocket(), { wrapper });
    expect(result.current.status).toBe(initial);
    const ws = await hub.connection();
    await act(async () => ws.open());
    expect(result.current).toMatchObject({ status: open, online: true, failed: false });
  });
});

describe('the fake hub of page tests', () => {
  it('accepts the connection, answers pings, pushes messages and records what was sent (real timers)', async () => {
    vi.useRealTimers();
    const hub = fakeSocketServer();
    const kernel = createTestKernel({ socket: hub, site: { wss: '/api/socket' }, user: { id: 7 } });
    const singles: unknown[] = [];
    kernel.socket.on('single', (message) => singles.push(message));
    const ws = await hub.accept();
    await new Promise((resolve) => setTimeout(resolve, PONG_WAIT_MS + 50));
    expect(ws.closedWith).toBeNull();
    expect(kernel.socket.state.status).toBe(open);
    hub.push({ type: 'single', msg: 'hi' });
    expect(singles).toEqual([{ type: 'single', msg: 'hi' }]);
    kernel.socket.send({ type: 'read_msg', ids: [1] });
    expect(hub.sent('read_msg')).toEqual([{ type: 'read_msg', ids: [1] }]);
    kernel.session.clear();
  });
});
