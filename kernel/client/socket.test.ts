import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_REPLACED, CLOSE_SESSION_ENDED, CLOSE_UNAUTHORISED, PING_EVERY_MS, PONG_WAIT_MS, RECONNECT_LIMIT, SOCKET_STATE } from '../core/socket';
import type { UserInfo } from '../core/user';
import { createTestKernel, fakeBrowser, fakeSocketServer, testUser } from '../../tests/setup/kernel';
import { useSocket } from './hooks';
import { KernelProvider } from './provider';
import { applyIndex } from './site';

const WSS = 'wss://chat.shop.test/socket';
const { initial, reconnecting, open, destroyed } = SOCKET_STATE;

interface Setup {
  user?: Partial<UserInfo> | null;
  wss?: string;
  online?: boolean;
  autoPong?: boolean;
}

/** A kernel whose socket has a subscriber (as the chat plugin's setup would), and the fake hub. */
function setup({ user = { id: 7, token: 'tok-1' }, wss = WSS, online = true, autoPong = true }: Setup = {}) {
  const hub = fakeSocketServer();
  hub.autoPong = autoPong;
  const browser = fakeBrowser({ online });
  const kernel = createTestKernel({ socket: hub, browser, site: { wss }, user: user ?? undefined });
  const opens: boolean[] = [];
  kernel.socket.onOpen(({ first }) => opens.push(first));
  return { hub, browser, kernel, opens, state: kernel.socket.state };
}

/** The socket connected and the hub accepted: open, pinged once. */
async function connected(options: Setup = {}) {
  const context = setup(options);
  const ws = await context.hub.accept();
  await Promise.resolve();
  return { ...context, ws };
}

beforeEach(() => {
  vi.useFakeTimers();
  // The backoff's jitter only shortens a wait; with 0 the waits are exact.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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

describe('socket: reconnecting', () => {
  it('reconnects after an error or a close, waiting 1 s, 2 s, 4 s … at most 30 s', async () => {
    const { hub, state } = setup();
    const waits: number[] = [];
    let ws = await hub.connection();
    for (let i = 0; i < 7; i++) {
      if (i % 2) ws.fail();
      else ws.serverClose(1006);
      const before = hub.connections.length;
      let waited = 0;
      while (hub.connections.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      waits.push(waited);
      ws = hub.connections.at(-1)!;
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(state.attempts).toBe(7);
    expect(state.lastError).toBe('closed 1006');
  });

  it('jitter only shortens a wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const { hub } = setup();
    (await hub.connection()).serverClose(1006);
    await vi.advanceTimersByTimeAsync(799);
    expect(hub.connections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(hub.connections).toHaveLength(2);
  });

  it('an open starts the count again', async () => {
    const { hub, state } = setup();
    (await hub.connection()).fail();
    await vi.advanceTimersByTimeAsync(1000);
    hub.connections[1].fail();
    await vi.advanceTimersByTimeAsync(2000);
    expect(state.attempts).toBe(2);
    hub.connections[2].open();
    expect(state).toMatchObject({ status: open, attempts: 0, lastError: null });
  });

  it(`gives up after ${RECONNECT_LIMIT} failed reconnects: "chat server disconnected" until retry()`, async () => {
    const { hub, kernel, state, opens } = setup();
    (await hub.connection()).fail();
    for (let i = 0; i < RECONNECT_LIMIT; i++) {
      await vi.advanceTimersByTimeAsync(30_000);
      hub.connections.at(-1)!.fail();
    }
    expect(hub.connections).toHaveLength(1 + RECONNECT_LIMIT);
    expect(state).toMatchObject({ status: reconnecting, attempts: RECONNECT_LIMIT, failed: true });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1 + RECONNECT_LIMIT);

    kernel.socket.retry();
    expect(state).toMatchObject({ attempts: 0, failed: false });
    expect(hub.connections).toHaveLength(2 + RECONNECT_LIMIT);
    hub.connections.at(-1)!.open();
    expect(state.status).toBe(open);
    expect(opens).toEqual([true]);
  });

  it('reports the first open since the login, and not the reopenings', async () => {
    const { ws, hub, opens } = await connected();
    ws.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    hub.connections[1].open();
    expect(opens).toEqual([true, false]);
  });

  it('keeps the connection when the token is refreshed, and offers the new one on the next connect', async () => {
    const { ws, hub, kernel } = await connected();
    kernel.session.update({ token: 'tok-2' });
    expect(ws.closedWith).toBeNull();
    ws.serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(hub.connections[1].token).toBe('tok-2');
  });

  it('does not retry a token the hub refused, until the session has a new one', async () => {
    const { ws, hub, kernel, state } = await connected();
    ws.serverClose(CLOSE_UNAUTHORISED);
    expect(state).toMatchObject({ status: reconnecting, failed: true, lastError: 'unauthorised' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);

    kernel.session.update({ token: 'tok-2' });
    expect(hub.connections).toHaveLength(2);
    expect(hub.connections[1].token).toBe('tok-2');
    expect(state.failed).toBe(false);
  });

  it('treats an ended session (logout or a password change elsewhere) as over: no reconnect loop until a new login', async () => {
    const { ws, hub, kernel, state } = await connected();
    ws.serverClose(CLOSE_SESSION_ENDED);
    expect(state).toMatchObject({ status: reconnecting, failed: true, lastError: 'session ended' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);
    // A manual retry() may try once more: the hub ends it again, and no loop follows.
    kernel.socket.retry();
    expect(hub.connections).toHaveLength(2);
    hub.connections[1].open();
    hub.connections[1].serverClose(CLOSE_SESSION_ENDED);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(2);

    kernel.session.update({ token: 'tok-2' });
    expect(hub.connections).toHaveLength(3);
    expect(hub.connections[2].token).toBe('tok-2');
  });

  it('does not fight the connection that replaced this one; retry() takes it back', async () => {
    const { ws, hub, kernel, state } = await connected();
    ws.serverClose(CLOSE_REPLACED);
    expect(state).toMatchObject({ failed: true, lastError: 'replaced' });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);
    kernel.socket.retry();
    expect(hub.connections).toHaveLength(2);
  });

  it('follows a change of the chat server address', async () => {
    const { ws, hub, kernel } = await connected();
    applyIndex(kernel.site, { site: { ...kernel.site.config!, wss: 'wss://other.shop.test/ws' }, plugins: kernel.site.enabled });
    expect(ws.closedWith).toBe(1000);
    expect(hub.connections[1].url).toBe('wss://other.shop.test/ws?token=tok-1');
  });
});

describe('socket: following the session and the network', () => {
  it('user id 0 destroys it: the socket is closed, state -1, nothing reconnects', async () => {
    const { ws, hub, kernel, state } = await connected();
    kernel.session.clear();
    expect(ws.closedWith).toBe(1000);
    expect(state).toMatchObject({ status: destroyed, attempts: 0, failed: false });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);
    expect(ws.sent('ping')).toHaveLength(1);
  });

  it('a logout while waiting to reconnect cancels the reconnect', async () => {
    const { ws, hub, kernel, state } = await connected();
    ws.fail();
    kernel.session.clear();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);
    expect(state.status).toBe(destroyed);
  });

  it('a new login connects afresh and its first open is first again', async () => {
    const { ws, hub, kernel, opens, state } = await connected();
    ws.fail();
    kernel.session.clear();
    kernel.session.login(testUser({ id: 8, token: 'tok-8' }));
    expect(hub.connections).toHaveLength(2);
    expect(hub.connections[1].token).toBe('tok-8');
    hub.connections[1].open();
    expect(hub.connections[1].sent('ping')).toEqual([{ type: 'ping', uid: 'user_8', user_id: 8 }]);
    expect(opens).toEqual([true, true]);
    expect(state.attempts).toBe(0);
  });

  it('network lost: closes without reconnecting; network back: connects', async () => {
    const { ws, hub, browser, state } = await connected();
    browser.setOnline(false);
    expect(ws.closedWith).toBe(1000);
    expect(state).toMatchObject({ status: reconnecting, online: false, attempts: 0 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);

    browser.setOnline(true);
    expect(state.online).toBe(true);
    expect(hub.connections).toHaveLength(2);
    hub.connections[1].open();
    expect(state.status).toBe(open);
  });

  it('a connection failing while offline waits for the network instead of counting reconnects', async () => {
    const { hub, browser, state } = setup();
    const ws = await hub.connection();
    browser.online = false; // the offline event has not arrived yet
    ws.fail();
    expect(state).toMatchObject({ status: reconnecting, attempts: 0, online: false });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);
    browser.setOnline(true);
    expect(hub.connections).toHaveLength(2);
  });

  it('a reconnect due while the network is down waits for it', async () => {
    const { hub, browser, state } = setup();
    (await hub.connection()).fail();
    browser.online = false;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(hub.connections).toHaveLength(1);
    expect(state).toMatchObject({ status: reconnecting, online: false });
    browser.setOnline(true);
    expect(hub.connections).toHaveLength(2);
  });

  it('the network back after giving up starts again', async () => {
    const { hub, browser, state } = setup();
    (await hub.connection()).fail();
    for (let i = 0; i < RECONNECT_LIMIT; i++) {
      await vi.advanceTimersByTimeAsync(30_000);
      hub.connections.at(-1)!.fail();
    }
    expect(state.failed).toBe(true);
    browser.setOnline(false);
    browser.setOnline(true);
    expect(state).toMatchObject({ failed: false, attempts: 0 });
    expect(hub.connections).toHaveLength(2 + RECONNECT_LIMIT);
  });

  it('logging in while offline connects when the network comes back', async () => {
    const { hub, browser, state } = setup({ online: false });
    await expect(hub.connection()).rejects.toThrow();
    expect(state).toMatchObject({ status: reconnecting, online: false });
    browser.setOnline(true);
    expect((await hub.connection()).token).toBe('tok-1');
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
