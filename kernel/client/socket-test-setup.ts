/**
 * The set-up of the client socket's tests (./socket.test.ts, ./socket-reconnect.test.ts): a test
 * kernel whose socket has a subscriber, with the fake hub and browser, and that kernel connected.
 */
import type { UserInfo } from '../core/user';
import { createTestKernel, fakeBrowser, fakeSocketServer } from '../../tests/setup/kernel';

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
