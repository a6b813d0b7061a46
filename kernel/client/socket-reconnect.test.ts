/**
 * The client socket reconnecting: the backoff and its limit, the close codes it does not retry
 * (a refused token, an ended session, a replacing connection), and following the session (login,
 * logout, a new token) and the network (offline, online).
 */
import { describe, expect, it, vi } from 'vitest';
import { CLOSE_REPLACED, CLOSE_SESSION_ENDED, CLOSE_UNAUTHORISED, RECONNECT_LIMIT, SOCKET_STATE } from '../core/socket';
import { testUser } from '../../tests/setup/kernel';
import { applyIndex } from './site';
import { connected, setup, withFakeTimers } from './socket-test-setup';

const { reconnecting, open, destroyed } = SOCKET_STATE;

withFakeTimers();

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
