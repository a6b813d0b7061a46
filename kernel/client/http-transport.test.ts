import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineCall, shape } from '../core/contract';
import * as z from 'zod/mini';
import { createTestKernel, fakeApi, heldReply, type FakeApi } from '../../tests/setup/kernel';
import type { Dialogs } from './dialogs';
import { callUrl, createTransport, type Outgoing } from './http-transport';
import { BootstrapToken } from './tokens';

const echo = defineCall({ path: '/api/test/echo', payload: z.object({}), reply: shape<unknown>(), summary: 'echo' });
const get = defineCall({ path: '/api/test/get', method: 'GET', payload: z.object({}), reply: shape<unknown>(), summary: 'get' });

/** The demo app of the signer's reference value (signer.test.ts). */
const APP = { appKey: 'storefront-demo', appSecret: 'd3m0-s3cr3t-not-a-boundary' };
const NOW = 1_700_000_000_999;

/** The wire over a test kernel's session and strings, with dialogs that only record. */
function wire(api: FakeApi | ((request: Request) => Promise<Response>) | null, user?: { token: string; refreshToken: string }, apiUrl = '') {
  const kernel = createTestKernel({ bootstrap: { ...APP, apiUrl }, ...(user ? { user } : {}) });
  const shown = { toasts: [] as string[], alerts: [] as string[] };
  const dialogs: Dialogs = {
    alert: async ({ content }) => void shown.alerts.push(String(content)),
    toast: (text) => void shown.toasts.push(text),
    loading: () => () => {},
  };
  const send = createTransport({
    bootstrap: kernel.container.resolve(BootstrapToken),
    site: kernel.site,
    session: kernel.session,
    i18n: kernel.i18n,
    dialogs,
    nav: kernel.nav,
    adapter: api,
    now: () => NOW,
  });
  const out = (body: unknown = {}, call = echo): Outgoing => ({
    call,
    body,
    fingerprint: JSON.stringify(body),
    options: {},
    token: kernel.session.state.user?.token ?? '',
  });
  return { kernel, send, out, shown };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a device whose clock is wrong", () => {
  /** An API whose clock is `ahead` ms past the device's (NOW): it refuses a timestamp out of its 5-minute window with 403, as the server does. */
  function skewedApi(ahead: number) {
    const serverSeconds = Math.floor((NOW + ahead) / 1000);
    const seen: string[] = [];
    const api = fakeApi({
      '/api/test/echo': (_body, request) => {
        const timestamp = request.headers.get('Timestamp') ?? '';
        seen.push(timestamp);
        const reply = (code: 0 | 1, msg: string) => ({ code, msg, time: String(serverSeconds), data: code ? { ok: true } : null });
        return Math.abs(Number(timestamp) - serverSeconds) > 300 ? { status: 403, body: reply(0, '请求时间与服务器时间相差太大') } : { reply: reply(1, '') };
      },
    });
    return { api, seen, serverSeconds };
  }

  it("signs again on the server's clock once when refused for the time, and signs on it from then on", async () => {
    const { api, seen, serverSeconds } = skewedApi(16 * 86_400_000);
    const { send, out, shown } = wire(api);
    await expect(send(out())).resolves.toMatchObject({ code: 1, data: { ok: true } });
    expect(seen).toEqual([String(Math.floor(NOW / 1000)), String(serverSeconds)]);
    await expect(send(out({ again: 1 }))).resolves.toMatchObject({ code: 1 });
    expect(seen).toHaveLength(3);
    expect(seen[2]).toBe(String(serverSeconds));
    expect(shown.alerts).toEqual([]);
  });

  it('leaves a gap smaller than the slack alone: every request signed on the device clock, none sent twice', async () => {
    const { api, seen } = skewedApi(10_000);
    const { send, out } = wire(api);
    await send(out());
    await send(out());
    expect(seen).toEqual([String(Math.floor(NOW / 1000)), String(Math.floor(NOW / 1000))]);
  });
});

describe('the axios wire', () => {
  it('joins apiUrl and the call path the way links do, keeping a base path', () => {
    expect(callUrl('https://api.shop.test/', '/api/x')).toBe('https://api.shop.test/api/x');
    expect(callUrl('https://api.shop.test/v1', '/api/x')).toBe('https://api.shop.test/v1/api/x');
    expect(callUrl('', '/api/x')).toBe(new URL('/api/x', window.location.href).toString());
  });

  it('signs every request in its request interceptor, with md5(key + secret + timestamp) and no header the API does not allow', async () => {
    const api = fakeApi({ '/api/test/echo': () => ({ n: 1 }) });
    const { send, out } = wire(api, { token: 'tok-1', refreshToken: 'r' });
    await expect(send(out({ n: 1 }))).resolves.toMatchObject({ code: 1, data: { n: 1 } });
    const { headers } = api.requests[0];
    expect(Object.fromEntries(['App-Use', 'Lang', 'Token', 'Timestamp', 'App-Key', 'Authorization'].map((h) => [h, headers.get(h)]))).toEqual({
      'App-Use': 'storefront-web',
      Lang: 'zh-cn',
      Token: 'tok-1',
      Timestamp: '1700000000',
      'App-Key': 'storefront-demo',
      Authorization: '70af218007a2373e7b44b49c4766ada1',
    });
    // The API's CORS allow-list (kernel/server/pipeline/cors.ts); Accept is always allowed.
    const allowed = ['accept', 'content-type', 'app-use', 'lang', 'token', 'timestamp', 'app-key', 'authorization'];
    expect([...headers.keys()].filter((name) => !allowed.includes(name))).toEqual([]);
  });

  it('puts a GET payload in the query, leaving absent fields out', async () => {
    const api = fakeApi({ '/api/test/get': () => null });
    const { send, out } = wire(api);
    await send(out({ id: 5, q: 'tea', none: undefined, nil: null }, get));
    expect(api.requests[0]).toMatchObject({ method: 'GET', body: { id: '5', q: 'tea' } });
  });

  it('times out after 60 s with a toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi({ '/api/test/echo': () => new Promise(() => {}) });
    const { send, out, shown } = wire(api);
    let settled = false;
    const pending = send(out()).catch((e: unknown) => e).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ reason: 'timeout', msg: '网络请求超时' });
    expect(shown).toEqual({ toasts: ['网络请求超时'], alerts: [] });
  });

  it('cancels an identical request while the first is in flight, before it reaches the network', async () => {
    const { reply, release } = heldReply();
    const api = fakeApi({ '/api/test/echo': () => reply });
    const { send, out, shown } = wire(api);
    const first = send(out({ n: 1 }));
    await expect(send(out({ n: 1 }))).rejects.toMatchObject({ reason: 'duplicate', msg: '重复请求，已自动取消' });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    release({ n: 1 });
    await expect(first).resolves.toMatchObject({ code: 1 });
    await expect(send(out({ n: 1 }))).resolves.toMatchObject({ code: 1 });
    expect(api.requests).toHaveLength(2);
    expect(shown).toEqual({ toasts: [], alerts: [] });
  });

  it('refreshes once for concurrent 401s and replays each call with the new token', async () => {
    const api = fakeApi({
      '/api/test/echo': (body, request) => (request.headers.get('Token') === 'fresh' ? { n: body.n } : { status: 401 }),
      '/api/token/refresh': () => ({ userinfo: { token: 'fresh', refreshToken: 'refresh-2' } }),
    });
    const { kernel, send, out, shown } = wire(api, { token: 'stale', refreshToken: 'refresh-1' });
    const replies = await Promise.all([send(out({ n: 1 })), send(out({ n: 2 }))]);
    expect(replies.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(api.requests.filter((r) => r.path === '/api/token/refresh')).toMatchObject([{ body: { refresh_token: 'refresh-1' } }]);
    expect(api.requests.filter((r) => r.path === '/api/test/echo').map((r) => r.headers.get('Token'))).toEqual(['stale', 'stale', 'fresh', 'fresh']);
    expect(kernel.session.state.user).toMatchObject({ token: 'fresh', refreshToken: 'refresh-2' });
    expect(shown).toEqual({ toasts: [], alerts: [] });
  });

  it('replays once: a second 401 after the refresh ends the session', async () => {
    const api = fakeApi({
      '/api/test/echo': () => ({ status: 401 }),
      '/api/token/refresh': () => ({ userinfo: { token: 'fresh', refreshToken: 'refresh-2' } }),
    });
    const { kernel, send, out } = wire(api, { token: 'stale', refreshToken: 'refresh-1' });
    await expect(send(out())).rejects.toMatchObject({ reason: 'expired', status: 401 });
    expect(api.requests.map((r) => r.path)).toEqual(['/api/test/echo', '/api/token/refresh', '/api/test/echo']);
    expect(kernel.session.state.expired).toBe(true);
  });

  it('shows the service-error modal for a status, and toasts a network failure', async () => {
    const api = fakeApi({ '/api/test/echo': () => ({ status: 502 }) });
    const down = wire(api);
    await expect(down.send(down.out())).rejects.toMatchObject({ reason: 'status', status: 502, msg: '网关错误！' });
    expect(down.shown).toEqual({ toasts: [], alerts: ['网关错误！'] });

    const offline = wire(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(offline.send(offline.out())).rejects.toMatchObject({ reason: 'network', msg: '服务器异常' });
    expect(offline.shown).toEqual({ toasts: ['服务器异常'], alerts: [] });
  });
});

describe('an upload with progress, over the browser network', () => {
  const upload = defineCall({ path: '/api/ajax/uploadApp', multipart: true, payload: z.object({}), reply: shape<unknown>(), summary: 'up' });

  /** A real HTTP API on a free port that answers CORS preflights and records each upload's headers and size. */
  async function uploadServer() {
    const seen: { headers: IncomingMessage['headers']; bytes: number }[] = [];
    const server = createServer((request, response) => {
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.setHeader('Access-Control-Allow-Headers', request.headers['access-control-request-headers'] ?? '*');
      if (request.method === 'OPTIONS') return void response.end();
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        seen.push({ headers: request.headers, bytes });
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ code: 1, msg: '', time: String(Math.floor(NOW / 1000)), data: { bytes } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { seen, base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('leaves through XMLHttpRequest (fetch reports no upload progress over HTTP/1.1), signed, and reports its progress', async () => {
    const api = await uploadServer();
    try {
      const { send, out } = wire(null, undefined, api.base);
      const xhrOpened = vi.spyOn(XMLHttpRequest.prototype, 'open');
      // jsdom's XMLHttpRequest reports an upload without its length, where a browser reports it:
      // the test fires the event a browser would, half of the body sent.
      const xhrSend = XMLHttpRequest.prototype.send;
      vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
        xhrSend.call(this, body);
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: 50, total: 100 }));
      });
      const form = new FormData();
      form.append('file', new File([new Uint8Array(256 * 1024)], 'big.jpg', { type: 'image/jpeg' }), 'big.jpg');
      const seen: number[] = [];
      const reply = await send({ ...out(form, upload), onProgress: (fraction) => seen.push(fraction) });
      expect(xhrOpened).toHaveBeenCalledWith('POST', `${api.base}/api/ajax/uploadApp`, true);
      expect(reply).toMatchObject({ code: 1, data: { bytes: api.seen[0].bytes } });
      expect(api.seen[0].bytes).toBeGreaterThan(256 * 1024);
      expect(api.seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(api.seen[0].headers['app-key']).toBe(APP.appKey);
      expect(api.seen[0].headers.authorization).toBeTruthy();
      expect(seen).toEqual([0.5]);
    } finally {
      vi.restoreAllMocks();
      await api.close();
    }
  });
});
