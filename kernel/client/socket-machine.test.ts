import { describe, expect, it } from 'vitest';
import { SOCKET_STATE } from '../core/socket';
import { socketAddress, socketUrl } from './socket-connection';
import { initialMachine, PUBLIC_LINGER_MS, reconnectDelay, step, withJitter, type Inputs, type Machine, type SocketEvent } from './socket-machine';

const IN: Inputs = { userId: 7, token: 'tok', address: 'wss://chat.test/ws', online: true };

/** Runs events from the initial machine; the last step's effects and the machine. */
function run(...events: SocketEvent[]) {
  let machine: Machine = initialMachine();
  let effects: ReturnType<typeof step>['effects'] = [];
  for (const event of events) ({ machine, effects } = step(machine, event));
  return { machine, effects };
}

describe('socket machine (pure)', () => {
  it('starts initial, with nothing to do while logged out', () => {
    const { machine, effects } = run({ type: 'inputs', inputs: { ...IN, userId: 0, token: '' } });
    expect(machine.status).toBe(SOCKET_STATE.initial);
    expect(effects).toEqual([]);
  });

  it('connects with the address and token of the moment', () => {
    const { machine, effects } = run({ type: 'inputs', inputs: IN });
    expect(machine).toMatchObject({ status: SOCKET_STATE.reconnecting, link: 'connecting' });
    expect(effects).toEqual([{ type: 'connect', address: IN.address, token: 'tok' }]);
  });

  it('on open: arms the pong wait before it pings, then announces the first open', () => {
    const { effects } = run({ type: 'inputs', inputs: IN }, { type: 'open' });
    expect(effects).toEqual([
      { type: 'arm', timer: 'pong', ms: 1000 },
      { type: 'ping' },
      { type: 'arm', timer: 'ping', ms: 30_000 },
      { type: 'opened', first: true },
    ]);
  });

  it('ignores the events of a connection it has dropped', () => {
    const dropped = run({ type: 'inputs', inputs: IN }, { type: 'error' });
    for (const event of [{ type: 'open' }, { type: 'close', code: 1006 }, { type: 'error' }, { type: 'pong-late' }] as SocketEvent[]) {
      const next = step(dropped.machine, event);
      expect(next.effects).toEqual([]);
      expect(next.machine).toEqual(dropped.machine);
    }
  });

  it('retry does nothing while logged out', () => {
    expect(run({ type: 'retry' }).effects).toEqual([]);
  });

  it('the same inputs again change nothing', () => {
    const { machine } = run({ type: 'inputs', inputs: IN }, { type: 'open' });
    const again = step(machine, { type: 'inputs', inputs: IN });
    expect(again.machine).toEqual(machine);
    expect(again.effects).toEqual([]);
  });
});

describe('reconnect delays', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('jitter takes at most a fifth off', () => {
    expect(withJitter(10_000, 0)).toBe(10_000);
    expect(withJitter(10_000, 0.5)).toBe(9_000);
    expect(withJitter(10_000, 0.999)).toBeGreaterThan(8_000);
  });
});

describe('the hub address', () => {
  it('keeps an absolute ws(s) address and resolves a path against the page', () => {
    expect(socketAddress('wss://chat.shop.test/ws', 'http://shop.test/')).toBe('wss://chat.shop.test/ws');
    expect(socketAddress('/api/socket', 'https://shop.test/#/user/service/service')).toBe('wss://shop.test/api/socket');
    expect(socketAddress('/api/socket', 'http://localhost:8080/')).toBe('ws://localhost:8080/api/socket');
    expect(socketAddress('https://chat.shop.test/ws', 'http://shop.test/')).toBe('wss://chat.shop.test/ws');
  });

  it('is empty without a setting or for one that is no WebSocket address', () => {
    expect(socketAddress('', 'https://shop.test/')).toBe('');
    expect(socketAddress('  ', 'https://shop.test/')).toBe('');
    expect(socketAddress('ftp://shop.test/ws', 'https://shop.test/')).toBe('');
  });

  it('carries the token as a query parameter', () => {
    expect(socketUrl('wss://shop.test/ws', 'a b+c')).toBe('wss://shop.test/ws?token=a+b%2Bc');
    expect(socketUrl('wss://shop.test/ws?site=x', 't')).toBe('wss://shop.test/ws?site=x&token=t');
    // A visitor's anonymous read-only connection.
    expect(socketUrl('wss://shop.test/ws', '')).toBe('wss://shop.test/ws?public=1');
  });
});

describe('a visitor with public subscribers (pure)', () => {
  const VISITOR: Inputs = { ...IN, userId: 0, token: '', wantsPublic: true };

  it('connects anonymously (no token) and announces no open', () => {
    const connecting = run({ type: 'inputs', inputs: VISITOR });
    expect(connecting.effects).toEqual([{ type: 'connect', address: IN.address, token: '' }]);
    const opened = run({ type: 'inputs', inputs: VISITOR }, { type: 'open' });
    expect(opened.machine.status).toBe(SOCKET_STATE.open);
    expect(opened.effects.map((e) => e.type)).toEqual(['arm', 'ping', 'arm']);
  });

  it(`drops the connection ${PUBLIC_LINGER_MS} ms after the last public subscriber left, back to initial`, () => {
    const left = run({ type: 'inputs', inputs: VISITOR }, { type: 'open' }, { type: 'inputs', inputs: { ...VISITOR, wantsPublic: false } });
    expect(left.machine).toMatchObject({ status: SOCKET_STATE.open, link: 'open', lingering: true });
    expect(left.effects).toEqual([{ type: 'arm', timer: 'linger', ms: PUBLIC_LINGER_MS }]);
    const { machine, effects } = run(
      { type: 'inputs', inputs: VISITOR },
      { type: 'open' },
      { type: 'inputs', inputs: { ...VISITOR, wantsPublic: false } },
      { type: 'linger-due' },
    );
    expect(machine).toMatchObject({ status: SOCKET_STATE.initial, link: 'none', lingering: false });
    expect(effects[0]).toEqual({ type: 'disconnect' });
  });

  it('keeps the connection for a subscriber that comes while it lingers', () => {
    const { machine, effects } = run(
      { type: 'inputs', inputs: VISITOR },
      { type: 'open' },
      { type: 'inputs', inputs: { ...VISITOR, wantsPublic: false } },
      { type: 'inputs', inputs: VISITOR },
    );
    expect(machine).toMatchObject({ link: 'open', lingering: false });
    expect(effects).toEqual([{ type: 'cancel', timer: 'linger' }]);
  });

  it("gives way to the user's connection at a login, whose first open is announced", () => {
    const login = run({ type: 'inputs', inputs: VISITOR }, { type: 'open' }, { type: 'inputs', inputs: { ...IN, wantsPublic: true } });
    expect(login.effects[0]).toEqual({ type: 'disconnect' });
    expect(login.effects.at(-1)).toEqual({ type: 'connect', address: IN.address, token: 'tok' });
    const opened = run({ type: 'inputs', inputs: VISITOR }, { type: 'open' }, { type: 'inputs', inputs: { ...IN, wantsPublic: true } }, { type: 'open' });
    expect(opened.effects.at(-1)).toEqual({ type: 'opened', first: true });
  });
});
