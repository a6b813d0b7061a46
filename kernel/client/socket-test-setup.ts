/**
 * The set-up of the client socket's tests (./socket.test.ts, ./socket-reconnect.test.ts,
 * ./socket-public.test.ts): fake timers, and a test
 * kernel whose socket has a subscriber, with the fake hub and browser, and that kernel connected.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserInfo } from '../core/user';
import { createTestKernel, fakeBrowser, fakeSocketServer } from '../../tests/setup/kernel';

/**
 * Fake timers around every test of the calling file, and no jitter in the backoff (its waits are
 * exact with `Math.random()` at 0). Called at a test file's top level: hooks registered while this
 * module is imported would run for the first file that imports it only (modules stay loaded).
 */
export function withFakeTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

export const WSS = 'wss://chat.shop.test/socket';

export interface Setup {
  user?: Partial<UserInfo> | null;
  wss?: string;
  online?: boolean;
  autoPong?: boolean;
}

/** A kernel whose socket has a subscriber (as the chat plugin's setup would), and the fake hub. */
export function setup({ user = { id: 7, token: 'tok-1' }, wss = WSS, online = true, autoPong = true }: Setup = {}) {
  const hub = fakeSocketServer();
  hub.autoPong = autoPong;
  const browser = fakeBrowser({ online });
  const kernel = createTestKernel({ socket: hub, browser, site: { wss }, user: user ?? undefined });
  const opens: boolean[] = [];
  kernel.socket.onOpen(({ first }) => opens.push(first));
  return { hub, browser, kernel, opens, state: kernel.socket.state };
}

/** The socket connected and the hub accepted: open, pinged once. */
export async function connected(options: Setup = {}) {
  const context = setup(options);
  const ws = await context.hub.accept();
  await Promise.resolve();
  return { ...context, ws };
}
