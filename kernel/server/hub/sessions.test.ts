/**
 * A socket lives as long as the session (the login) whose token opened it: logout, revocation
 * and "every other session" end it, closing the socket at once with CLOSE_SESSION_ENDED, and a
 * frame of a dead session is refused even when no one told the hub (another API node ended it).
 * An ordinary refresh keeps the session, so the tab's socket stays.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kernelContract } from '../../core/kernel.contract';
import { CLOSE_SESSION_ENDED } from '../../core/socket';
import { fakeProject } from '../fake-project';
import { createTestServer, within, type TestServer, type TestSocket, type TestUser } from '../testing';

/** Answers `echo` with what it got: proof that a frame was handled. */
const project = fakeProject({
  echo: {
    descriptor: { id: 'echo', version: '1.0.0' },
    server: `
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, {
  socket: { echo: (message, ctx) => ctx.send({ type: 'echoed', cid: message.cid, by: ctx.user.id }) },
});
`,
  },
});

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ root: project.root });
});
afterEach(() => t.closeSockets());
afterAll(async () => {
  await t.close();
  project.remove();
});

/** A user logged in on two devices, each with a socket open. */
async function twoDevices() {
  const laptop = await t.createUser({ password: 'pass123456' });
  const phone = await t.login(laptop.username, 'pass123456');
  return { laptop, phone, laptopSocket: await t.socket(laptop), phoneSocket: await t.socket(phone) };
}

async function echoes(socket: TestSocket, cid: string): Promise<boolean> {
  socket.send({ type: 'echo', cid });
  return socket.next('echoed').then(
    (reply) => reply.cid === cid,
    () => false,
  );
}

const endedWithin = async (socket: TestSocket) => (await within(socket.closed, 5000, 'the socket of the ended session closes')).code;

describe('ending a session closes its sockets', () => {
  it('on revoking its refresh token, within a second, leaving the other session open', async () => {
    const { laptop, laptopSocket, phoneSocket } = await twoDevices();
    await t.services.tokens.revoke(laptop.refreshToken);
    expect(await endedWithin(laptopSocket)).toBe(CLOSE_SESSION_ENDED);
    expect(await echoes(phoneSocket, 'still-here')).toBe(true);
    expect(t.services.hub.send(laptop.id, { type: 'notice' })).toBe(1);
  });

  it('on revokeOthers (a password change), all but the current session', async () => {
    const { laptop, laptopSocket, phoneSocket } = await twoDevices();
    const tablet = await t.login(laptop.username, 'pass123456');
    const tabletSocket = await t.socket(tablet);
    await t.services.tokens.revokeOthers(laptop.id, laptop.token);
    expect(await endedWithin(phoneSocket)).toBe(CLOSE_SESSION_ENDED);
    expect(await endedWithin(tabletSocket)).toBe(CLOSE_SESSION_ENDED);
    expect(await echoes(laptopSocket, 'kept')).toBe(true);
  });

  it('on revokeAll, every session of that user and no one else', async () => {
    const { laptop, laptopSocket, phoneSocket } = await twoDevices();
    const other = await t.createUser();
    const otherSocket = await t.socket(other);
    await t.services.tokens.revokeAll(laptop.id);
    expect(await endedWithin(laptopSocket)).toBe(CLOSE_SESSION_ENDED);
    expect(await endedWithin(phoneSocket)).toBe(CLOSE_SESSION_ENDED);
    expect(await echoes(otherSocket, 'unaffected')).toBe(true);
  });

  it('on a refresh of an expired session, which ends it', async () => {
    const { laptop, laptopSocket } = await twoDevices();
    t.clock.advance(31 * 24 * 3600_000);
    expect(await t.services.tokens.refresh(laptop.refreshToken)).toBeNull();
    expect(await endedWithin(laptopSocket)).toBe(CLOSE_SESSION_ENDED);
  });
});

describe('an ordinary refresh', () => {
  it("keeps the tab's socket: it still sends and receives, and ends with the refreshed session", async () => {
    const { laptop, laptopSocket } = await twoDevices();
    const { body } = await t.call(kernelContract.refreshToken, { refresh_token: laptop.refreshToken });
    expect(body.code).toBe(1);
    expect(await echoes(laptopSocket, 'after-refresh')).toBe(true);
    expect(t.services.hub.send(laptop.id, { type: 'notice' })).toBe(2);
    expect(await laptopSocket.next('notice')).toEqual({ type: 'notice' });

    await t.services.tokens.revoke(body.data.userinfo.refreshToken);
    expect(await endedWithin(laptopSocket)).toBe(CLOSE_SESSION_ENDED);
  });
});

describe('frames of a dead session', () => {
  it('are refused, and the socket closes, when the session ended without the hub being told', async () => {
    const { laptop, laptopSocket, phoneSocket } = await twoDevices();
    // Another API node (or the CLI) ended the session: only the database knows.
    await t.db.deleteFrom('kernel_token').where('family', '=', await sessionOf(laptop)).execute();
    laptopSocket.send({ type: 'echo', cid: 'too-late' });
    laptopSocket.send({ type: 'ping', uid: `user_${laptop.id}`, user_id: laptop.id });
    expect(await endedWithin(laptopSocket)).toBe(CLOSE_SESSION_ENDED);
    expect(laptopSocket.messages).toEqual([]);
    expect(await echoes(phoneSocket, 'phone')).toBe(true);
  });

  it('are refused once the account is locked', async () => {
    const { laptop, laptopSocket } = await twoDevices();
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', laptop.id).execute();
    expect(await echoes(laptopSocket, 'locked')).toBe(false);
    expect(await endedWithin(laptopSocket)).toBe(CLOSE_SESSION_ENDED);
  });
});

/** The id of the session the user's access token belongs to. */
async function sessionOf(user: TestUser): Promise<string> {
  const session = await t.services.tokens.session(user.token, 'access');
  if (!session) throw new Error(`user ${user.id} has no session`);
  return session.id;
}
