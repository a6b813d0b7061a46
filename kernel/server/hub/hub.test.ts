/**
 * The hub against the real app with real WebSocket clients: a fake `talk` plugin handles
 * `single` (relaying to the addressee and acknowledging) and pushes flash-sale events through
 * the kernel's `hub` service from a call; a fake `poke` plugin is toggled off and on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_TOO_LARGE, CLOSE_UNAUTHORISED, MAX_FRAME_BYTES, wireId, type SocketErrorMessage, type SocketMessage } from '../../core/socket';
import { fakeProject, type FakePlugin } from '../fake-project';
import { createTestServer, type TestServer, type TestUser } from '../testing';
import { SOCKET_RATE } from './budget';
import { CLOSE_GOING_AWAY } from './hub';
import { eventually } from '../test-wait';

const talkPlugin: FakePlugin = {
  descriptor: { id: 'talk', version: '1.0.0', settings: 'z.object({ maxLength: z._default(z.number(), 10) })' },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import { BizError } from '@kernel/core/errors';
import * as z from 'zod/mini';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

const push = defineCall({
  path: '/api/talk/push',
  auth: 'required',
  payload: z.object({ goods_id: z.number() }),
  reply: shape<{ delivered: number }>(),
  summary: 'Push a flash-sale event to the caller',
});

export default defineServerPlugin(descriptor, {
  socket: {
    single: async (message, ctx) => {
      const content = String(message.content ?? '');
      if (content.length > ctx.settings.maxLength) throw new BizError('talk:too_long', { max: ctx.settings.maxLength });
      if (content === 'slow') await new Promise((resolve) => setTimeout(resolve, 150));
      const delivered = ctx.services.hub.send(Number(message.to_user_id), { type: 'single', from_user_id: ctx.user.id, content });
      ctx.send({ type: 'ack', cid: message.cid, delivered, greeting: ctx.t('talk:hello') });
    },
    crash: () => {
      throw new Error('kaboom');
    },
  },
  routes(api) {
    api.handle(push, (payload, ctx) => {
      const user = ctx.requireUser();
      const event = { type: 'seckill', event: 'start', seckill_id: 7, goods_id: payload.goods_id, buy_num: 0 };
      return { delivered: ctx.services.hub.send(user.id, event) };
    });
  },
});
`,
  i18n: {
    en: { hello: 'Hello', too_long: 'At most {{max}} characters' },
    'zh-Hans': { hello: '你好', too_long: '最多 {{max}} 个字' },
  },
};

const pokePlugin: FakePlugin = {
  descriptor: { id: 'poke', version: '1.0.0' },
  server: `
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  socket: { poke: (_message, ctx) => ctx.send({ type: 'poked' }) },
});
`,
};

const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);
const project = fakeProject({ talk: talkPlugin, poke: pokePlugin });
let t: TestServer;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestServer({ root: project.root, now: NOW });
  ann = await t.createUser({ username: 'ann' });
  bob = await t.createUser({ username: 'bob' });
});
afterEach(() => t.closeSockets());
afterAll(async () => {
  await t.close();
  project.remove();
});

const ping = (user: TestUser): SocketMessage => ({ type: 'ping', uid: wireId(user.id, false), user_id: user.id });

describe('connecting', () => {
  it('answers the ping of a user with a valid token with the server time in unix seconds', async () => {
    const socket = await t.socket(ann);
    socket.send(ping(ann));
    expect(await socket.next('pong')).toEqual({ type: 'pong', time: NOW / 1000 });
    await socket.close();
  });

  it('closes a connection without a token, with an unknown token, or of a locked account as unauthorised', async () => {
    expect((await (await t.socket(null)).closed).code).toBe(CLOSE_UNAUTHORISED);
    expect((await (await t.socket({ token: 'not-a-token' })).closed).code).toBe(CLOSE_UNAUTHORISED);

    const cal = await t.createUser();
    await t.db.updateTable('kernel_user').set({ status: 0 }).where('id', '=', cal.id).execute();
    const locked = await t.socket(cal);
    expect((await locked.closed).code).toBe(CLOSE_UNAUTHORISED);
    expect(t.services.hub.isOnline(cal.id)).toBe(false);
  });

  it('needs no request signature (a browser cannot sign a WebSocket) but still the token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/socket' });
    // A plain GET is not an upgrade: not found, rather than refused for its missing signature.
    expect(response.statusCode).toBe(404);
  });

  it('handles a message sent right on open, before the token is checked', async () => {
    const raw = new WebSocket(`${await t.socketUrl()}?token=${ann.token}`);
    const pong = new Promise<SocketMessage>((resolve) => raw.on('message', (data) => resolve(JSON.parse(String(data)))));
    raw.on('open', () => raw.send(JSON.stringify(ping(ann))));
    expect(await pong).toMatchObject({ type: 'pong' });
    raw.close();
  });
});

describe('frames the hub refuses', () => {
  it('answers what is not a JSON message with an error and keeps the connection', async () => {
    const socket = await t.socket(ann);
    socket.send('not json');
    socket.send('[1, 2]');
    socket.send('{"no": "type"}');
    for (let i = 0; i < 3; i++) expect(await socket.next('error')).toEqual({ type: 'error', of: '', msg: '参数错误' });
    socket.send(ping(ann));
    expect(await socket.next('pong')).toMatchObject({ type: 'pong' });
  });

  it('answers a type no enabled plugin handles with an error naming it', async () => {
    const socket = await t.socket(ann);
    socket.send({ type: 'teleport', cid: 'c1' });
    expect(await socket.next('error')).toEqual({ type: 'error', of: 'teleport', cid: 'c1', msg: '未知的消息类型“teleport”' });
  });

  it('closes the connection on a frame over MAX_FRAME_BYTES', async () => {
    const big = await t.socket(ann);
    big.send({ type: 'single', to_user_id: bob.id, content: 'x'.repeat(MAX_FRAME_BYTES) });
    expect((await big.closed).code).toBe(CLOSE_TOO_LARGE);
  });

  it(`refuses messages past ${SOCKET_RATE.messages} a second with an error, and keeps the connection`, async () => {
    // A user of its own: the budget is per user, and the tests above spent some of ann's.
    const cal = await t.createUser();
    const busy = await t.socket(cal);
    for (let i = 0; i < SOCKET_RATE.messages + 10; i++) busy.send(ping(cal));
    const replies = await Promise.all(Array.from({ length: SOCKET_RATE.messages + 10 }, () => busy.next()));
    expect(replies.filter((m) => m.type === 'pong')).toHaveLength(SOCKET_RATE.messages);
    expect(replies.filter((m) => m.type === 'error')).toEqual(
      Array.from({ length: 10 }, () => ({ type: 'error', of: 'ping', msg: '发送过于频繁，请稍后再试' })),
    );
    await new Promise((resolve) => setTimeout(resolve, SOCKET_RATE.perMs));
    busy.send(ping(cal));
    expect(await busy.next()).toMatchObject({ type: 'pong' });
    await busy.close();
  });
});

describe('plugin handlers', () => {
  it("hand a message to the plugin of its type, as the token's user: a forged from_user_id is ignored", async () => {
    const sender = await t.socket(ann);
    const receiver = await t.socket(bob);
    sender.send({ type: 'single', cid: 'm1', from_user_id: bob.id, to_user_id: bob.id, content: 'hi' });
    expect(await receiver.next('single')).toEqual({ type: 'single', from_user_id: ann.id, content: 'hi' });
    expect(await sender.next('ack')).toEqual({ type: 'ack', cid: 'm1', delivered: 1, greeting: '你好' });
    await Promise.all([sender.close(), receiver.close()]);
  });

  it("answer a BizError with an error message in the connection's language", async () => {
    const zh = await t.socket(ann);
    const en = await t.socket(ann, { lang: 'en' });
    const tooLong = { type: 'single', cid: 'm2', to_user_id: bob.id, content: 'far too long for ten' };
    zh.send(tooLong);
    en.send(tooLong);
    expect(await zh.next('error')).toEqual<SocketErrorMessage>({ type: 'error', of: 'single', cid: 'm2', msg: '最多 10 个字' });
    expect(await en.next('error')).toEqual<SocketErrorMessage>({ type: 'error', of: 'single', cid: 'm2', msg: 'At most 10 characters' });
    en.send({ type: 'single', cid: 'm3', to_user_id: bob.id, content: 'ok' });
    expect(await en.next('ack')).toMatchObject({ cid: 'm3', greeting: 'Hello' });
    await Promise.all([zh.close(), en.close()]);
  });

  it('answer an unexpected failure with a generic error, and the connection goes on', async () => {
    const socket = await t.socket(ann, { lang: 'en' });
    socket.send({ type: 'crash', cid: 'x' });
    expect(await socket.next('error')).toEqual({ type: 'error', of: 'crash', cid: 'x', msg: 'Server exception' });
    socket.send({ type: 'single', cid: 'after', to_user_id: bob.id, content: 'still' });
    expect(await socket.next('ack')).toMatchObject({ cid: 'after' });
    await socket.close();
  });

  it("run one at a time in the order a connection's messages came, so a message can be stored before it is acknowledged", async () => {
    const socket = await t.socket(ann);
    socket.send({ type: 'single', cid: 'first', to_user_id: bob.id, content: 'slow' });
    socket.send({ type: 'single', cid: 'second', to_user_id: bob.id, content: 'quick' });
    expect((await socket.next('ack', 3000)).cid).toBe('first');
    expect((await socket.next('ack')).cid).toBe('second');
    await socket.close();
  });

  it("of a disabled plugin do not run, and run again once the site re-enables it (no restart)", async () => {
    const socket = await t.socket(ann, { lang: 'en' });
    socket.send({ type: 'poke' });
    expect(await socket.next('poked')).toEqual({ type: 'poked' });

    await t.setPlugins({ poke: false });
    socket.send({ type: 'poke', cid: 'p' });
    expect(await socket.next('error')).toEqual({ type: 'error', of: 'poke', cid: 'p', msg: 'This feature (poke) is not enabled on this site' });

    await t.setPlugins({ poke: true });
    socket.send({ type: 'poke' });
    expect(await socket.next('poked')).toEqual({ type: 'poked' });
    expect(socket.messages.filter((m) => m.type === 'poked')).toHaveLength(2);
    await socket.close();
  });
});

describe('the hub service', () => {
  it("sends to every open tab of a user, and knows who is online", async () => {
    const tab1 = await t.socket(bob);
    const tab2 = await t.socket(bob);
    const other = await t.socket(ann);
    expect(t.services.hub.isOnline(bob.id)).toBe(true);
    expect(t.services.hub.online()).toEqual([ann.id, bob.id]);

    expect(t.services.hub.send(bob.id, { type: 'notice', text: 'both tabs' })).toBe(2);
    expect(await tab1.next('notice')).toEqual({ type: 'notice', text: 'both tabs' });
    expect(await tab2.next('notice')).toEqual({ type: 'notice', text: 'both tabs' });
    expect(other.messages).toEqual([]);

    await tab1.close();
    await eventually(() => t.app.storefront.hub.connections(bob.id) === 1, 'the hub forgets the closed tab');
    expect(t.services.hub.send(bob.id, { type: 'notice' })).toBe(1);
    expect(t.services.hub.isOnline(bob.id)).toBe(true);
    await tab2.close();
    await eventually(() => !t.services.hub.isOnline(bob.id), 'bob offline');
    expect(t.services.hub.send(bob.id, { type: 'notice' })).toBe(0);
    await other.close();
  });

  it('lets a plugin push a flash-sale event to a user from one of its calls', async () => {
    const tab1 = await t.socket(bob);
    const tab2 = await t.socket(bob);
    const { body } = await t.call('/api/talk/push', { goods_id: 42 }, { token: bob.token });
    expect(body.data).toEqual({ delivered: 2 });
    const event = { type: 'seckill', event: 'start', seckill_id: 7, goods_id: 42, buy_num: 0 };
    expect(await tab1.next('seckill')).toEqual(event);
    expect(await tab2.next('seckill')).toEqual(event);
    await Promise.all([tab1.close(), tab2.close()]);
  });

  it('broadcasts to every connection', async () => {
    const a = await t.socket(ann);
    const b = await t.socket(bob);
    expect(t.services.hub.broadcast({ type: 'notice', text: 'all' })).toBe(2);
    expect(await a.next('notice')).toMatchObject({ text: 'all' });
    expect(await b.next('notice')).toMatchObject({ text: 'all' });
    await Promise.all([a.close(), b.close()]);
  });

  it("sends one turn's broadcasts together, each a message of its own, in the order sent", async () => {
    const a = await t.socket(ann);
    const sent = [1, 2, 3].map((n) => ({ type: 'notice', text: `sale ${n}` }));
    for (const message of sent) t.services.hub.broadcast(message);
    expect([await a.next('notice'), await a.next('notice'), await a.next('notice')]).toEqual(sent);
    await a.close();
  });

  it('disconnects every connection of a user', async () => {
    const a = await t.socket(ann);
    expect(t.services.hub.disconnect(ann.id, CLOSE_UNAUTHORISED)).toBe(1);
    expect((await a.closed).code).toBe(CLOSE_UNAUTHORISED);
  });
});

describe('a server restart', () => {
  it('closes every connection as going away; a client reconnecting to the new server is served', async () => {
    const url = await t.socketUrl();
    const before = await t.socket(ann);
    await t.restart();
    expect((await before.closed).code).toBe(CLOSE_GOING_AWAY);
    expect(t.services.hub.isOnline(ann.id)).toBe(false);
    expect(await t.socketUrl()).toBe(url);

    const after = await t.socket(ann);
    expect(t.services.hub.online()).toEqual([ann.id]);
    after.send(ping(ann));
    expect(await after.next('pong')).toMatchObject({ type: 'pong' });
    await after.close();
  });
});

describe('a site without `wss`', () => {
  it('serves no hub', async () => {
    const bare = await createTestServer({ root: project.root, site: { wss: '' } });
    try {
      expect(bare.app.storefront.hubPath).toBeNull();
      await expect(bare.socketUrl()).rejects.toThrow(/no `wss`/);
      const response = await bare.app.inject({ method: 'GET', url: '/api/socket', headers: bare.signedHeaders() });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
