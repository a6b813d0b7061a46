import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defineCall, shape } from '../core/contract';
import * as z from 'zod/mini';
import { createTestKernel, fakeApi, failReply, testUser } from '../../tests/setup/kernel';
import { CallError } from './call-error';
import { OverlayHost } from './ui/OverlayHost';
import { overlays } from './ui/overlay';
import { KernelProvider } from './provider';
import type { Kernel } from './kernel';

const echo = defineCall({
  path: '/api/test/echo',
  payload: z.object({ n: z.optional(z.number()) }),
  reply: shape<{ n: number }>(),
  summary: 'echo',
});
const profile = defineCall({ path: '/api/account/profile', method: 'GET', payload: z.object({ id: z.optional(z.number()) }), reply: shape<{ id: number }>(), summary: 'profile' });

function mountOverlays(kernel: Kernel) {
  render(
    <KernelProvider kernel={kernel}>
      <OverlayHost />
    </KernelProvider>,
  );
}

/** The dialogs are queued before a call settles: React only has to render the overlays as they now are. */
const flushReact = () => act(async () => {});

describe('Http: calls and envelope', () => {
  it('POSTs signed JSON to the bootstrap apiUrl and resolves with the envelope', async () => {
    const api = fakeApi({ '/api/test/echo': (body) => ({ n: Number(body.n) * 2 }) });
    const kernel = createTestKernel({ adapter: api, user: { token: 'tok-9' }, bootstrap: { apiUrl: 'https://api.shop.test' } });
    const reply = await kernel.http.call(echo, { n: 21 });
    expect(reply).toMatchObject({ code: 1, data: { n: 42 } });
    expect(api.requests[0]).toMatchObject({ method: 'POST', url: 'https://api.shop.test/api/test/echo', body: { n: 21 } });
    const { headers } = api.requests[0];
    expect(headers.get('content-type')).toBe('application/json');
    expect(Object.fromEntries(['App-Use', 'Lang', 'Token', 'App-Key'].map((h) => [h, headers.get(h)]))).toEqual({
      'App-Use': 'storefront-web',
      Lang: 'zh-cn',
      Token: 'tok-9',
      'App-Key': 'test-key',
    });
    expect(headers.get('Timestamp')).toMatch(/^\d{10}$/);
    expect(headers.get('Authorization')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends calls declared GET as query parameters', async () => {
    const api = fakeApi({ '/api/account/profile': (body) => ({ id: Number(body.id) }) });
    const kernel = createTestKernel({ adapter: api });
    await expect(kernel.http.data(profile, { id: 5 })).resolves.toEqual({ id: 5 });
    expect(api.requests[0]).toMatchObject({ method: 'GET', body: { id: '5' } });
  });

  it('sends the English language header after switching language', async () => {
    const api = fakeApi({ '/api/test/echo': () => ({ n: 1 }) });
    const kernel = createTestKernel({ adapter: api });
    await kernel.locale.setLanguage('en');
    await kernel.http.call(echo, {});
    expect(api.requests[0].headers.get('Lang')).toBe('en');
  });

  it('toasts the message of a code-0 reply, unless told not to', async () => {
    const api = fakeApi({ '/api/test/echo': () => failReply('库存不足') });
    const kernel = createTestKernel({ adapter: api });
    mountOverlays(kernel);
    const reply = await kernel.http.call(echo, { n: 1 });
    expect(reply.code).toBe(0);
    expect(await screen.findByText('库存不足')).toBeTruthy();
    overlays.toasts = [];
    await kernel.http.call(echo, { n: 2 }, { toastError: false });
    await flushReact();
    expect(screen.queryByText('库存不足')).toBeNull();
  });

  it('data() rejects with a CallError carrying code, msg and data', async () => {
    const api = fakeApi({ '/api/test/echo': () => failReply('no', { field: 'n' }) });
    const kernel = createTestKernel({ adapter: api });
    const error = await kernel.http.data(echo, { n: 1 }, { toastError: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect(error).toMatchObject({ code: 0, msg: 'no', data: { field: 'n' }, reason: 'business' });
  });

  it('shows the loading mask while a call asks for it', async () => {
    let release!: () => void;
    const api = fakeApi({ '/api/test/echo': () => new Promise((resolve) => (release = () => resolve({ n: 1 }))) });
    const kernel = createTestKernel({ adapter: api });
    mountOverlays(kernel);
    const pending = kernel.http.call(echo, {}, { loading: true });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    expect(overlays.loading).toBe(1);
    release();
    await act(() => pending);
    expect(overlays.loading).toBe(0);
  });

  it('uploads multipart form data with the file', async () => {
    const upload = defineCall({ path: '/api/ajax/uploadApp', multipart: true, payload: z.object({}), reply: shape<{ url: string }>(), summary: 'up' });
    const api = fakeApi({
      '/api/ajax/uploadApp': async (body) => {
        const file = body.file as File;
        return { url: `/uploads/${file.name}`, type: file.type, text: await file.text(), kind: body.kind };
      },
    });
    const kernel = createTestKernel({ adapter: api });
    // jsdom's File and FormData lose the file name on their way into fetch; the browser's keep it.
    const { File: WireFile } = await import('node:buffer');
    const wireForm = (await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData()).constructor;
    vi.stubGlobal('File', WireFile);
    vi.stubGlobal('FormData', wireForm);
    try {
      const reply = await kernel.http.upload(upload, new WireFile(['x'], 'a.png', { type: 'image/png' }) as unknown as File, { fields: { kind: 'avatar' } });
      expect(reply.data).toEqual({ url: '/uploads/a.png', type: 'image/png', text: 'x', kind: 'avatar' });
      expect(api.requests[0].headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Http: upload progress', () => {
  const upload = defineCall({ path: '/api/ajax/uploadApp', multipart: true, payload: z.object({}), reply: shape<{ size: number }>(), summary: 'up' });

  it('reports the share of the file sent, rising to 1, before the reply', async () => {
    const api = fakeApi({ '/api/ajax/uploadApp': (body) => ({ size: (body.file as Blob).size }) });
    const kernel = createTestKernel({ adapter: api });
    const seen: number[] = [];
    const size = 1024 * 1024;
    const reply = await kernel.http.upload(upload, new File([new Uint8Array(size)], 'big.jpg', { type: 'image/jpeg' }), { onProgress: (fraction) => seen.push(fraction) });
    expect(reply.data).toEqual({ size });
    // The first chunk is reported at once, the rest when the body has been read.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen[0]).toBeLessThan(1);
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(api.requests[0].headers.get('app-key')).toBeTruthy();
  });
});

describe('Http: the error catalogue (spec §8)', () => {
  const cases: [number, string][] = [
    [302, '接口重定向了！'],
    [400, '参数不正确！'],
    [403, '您没有权限操作！'],
    [404, '请求地址出错：/api/test/echo'],
    [408, '请求超时！'],
    [409, '系统已存在相同数据！'],
    [500, '服务器内部错误！'],
    [501, '服务未实现！'],
    [502, '网关错误！'],
    [503, '服务不可用！'],
    [504, '服务暂时无法访问，请稍后再试！'],
    [505, 'HTTP版本不受支持！'],
    [418, '418 异常问题，请联系网站管理员！'],
  ];

  it.each(cases)('status %i shows the "service error" modal with its text and no cancel button', async (status, text) => {
    const api = fakeApi({ '/api/test/echo': () => ({ status }) });
    const kernel = createTestKernel({ adapter: api });
    mountOverlays(kernel);
    const error = await kernel.http.call(echo, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status, msg: text, reason: 'status' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('服务错误')).toBeTruthy();
    expect(within(dialog).getByText(text)).toBeTruthy();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['确定']);
  });

  it('shows the catalogue in English for English shoppers', async () => {
    const api = fakeApi({ '/api/test/echo': () => ({ status: 502 }) });
    const kernel = createTestKernel({ adapter: api, language: 'en' });
    mountOverlays(kernel);
    await kernel.http.call(echo, {}).catch(() => null);
    expect((await screen.findByRole('dialog')).textContent).toContain('Service error');
    expect(screen.getByRole('dialog').textContent).toContain('Gateway error!');
  });

  it('toasts a network time-out (60 s) instead of a modal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Like a real fetch: no answer comes, and the request's signal (axios's time-out) ends it.
      const silent = (request: Request) =>
        new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
      const kernel = createTestKernel({ adapter: silent });
      mountOverlays(kernel);
      let settled = false;
      const pending = kernel.http.call(echo, {}).catch((e: unknown) => e).finally(() => (settled = true));
      await act(() => vi.advanceTimersByTimeAsync(59_900));
      expect(settled).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(await pending).toMatchObject({ reason: 'timeout', msg: '网络请求超时' });
      // findByText would wait on the faked timers.
      await flushReact();
      expect(screen.getByText('网络请求超时')).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('toasts a network failure as a server exception', async () => {
    const offline = async (request: Request): Promise<Response> => {
      await request.text();
      throw new TypeError('Failed to fetch');
    };
    const kernel = createTestKernel({ adapter: offline });
    mountOverlays(kernel);
    const error = await kernel.http.call(echo, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'network', msg: '服务器异常' });
    expect(await screen.findByText('服务器异常')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Http: duplicate requests', () => {
  it('cancels an identical request while the first is in flight, without a modal', async () => {
    let release!: () => void;
    const api = fakeApi({ '/api/test/echo': () => new Promise((resolve) => (release = () => resolve({ n: 1 }))) });
    const kernel = createTestKernel({ adapter: api });
    mountOverlays(kernel);
    const first = kernel.http.call(echo, { n: 1 });
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    const second = await kernel.http.call(echo, { n: 1 }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(CallError);
    expect(second).toMatchObject({ reason: 'duplicate', msg: '重复请求，已自动取消' });
    release();
    await expect(first).resolves.toMatchObject({ code: 1 });
    expect(api.requests).toHaveLength(1);
    await flushReact();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a request with another body through, and the same one once the first has answered', async () => {
    const api = fakeApi({ '/api/test/echo': (body) => ({ n: body.n }) });
    const kernel = createTestKernel({ adapter: api });
    await Promise.all([kernel.http.call(echo, { n: 1 }), kernel.http.call(echo, { n: 2 })]);
    await kernel.http.call(echo, { n: 1 });
    expect(api.requests).toHaveLength(3);
  });
});

describe('Http: 401', () => {
  it('knows the refresh call\'s path without loading the contract', async () => {
    const { kernelContract } = await import('../core/kernel.contract');
    const { REFRESH_PATH } = await import('./kernel-calls');
    expect(REFRESH_PATH).toBe(kernelContract.refreshToken.path);
  });

  it('refreshes the token once and replays the call', async () => {
    const api = fakeApi({
      '/api/test/echo': (_body, request) => (request.headers.get('Token') === 'fresh' ? { n: 7 } : { status: 401 }),
      '/api/token/refresh': (body) =>
        body.refresh_token === 'refresh-1' ? { userinfo: testUser({ token: 'fresh', refreshToken: 'refresh-2' }) } : failReply('bad'),
    });
    const kernel = createTestKernel({ adapter: api, user: { token: 'stale', refreshToken: 'refresh-1' } });
    mountOverlays(kernel);
    await expect(kernel.http.data(echo, {})).resolves.toEqual({ n: 7 });
    expect(api.requests.map((r) => r.path)).toEqual(['/api/test/echo', '/api/token/refresh', '/api/test/echo']);
    expect(kernel.session.state.user).toMatchObject({ token: 'fresh', refreshToken: 'refresh-2' });
    await flushReact();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ends an expired session quietly when the refresh fails: no modal, no navigation, a calm error', async () => {
    const api = fakeApi({
      '/api/test/echo': () => ({ status: 401 }),
      '/api/token/refresh': () => ({ status: 401 }),
    });
    const kernel = createTestKernel({ adapter: api, user: { token: 'stale', refreshToken: 'refresh-1' } });
    mountOverlays(kernel);
    window.history.replaceState(null, '', '#/user/money/money');
    const error = await kernel.http.call(echo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect(error).toMatchObject({ status: 401, reason: 'expired', msg: '登录已过期，请重新登录' });
    expect(kernel.session.state).toMatchObject({ user: null, loggedIn: false, expired: true });
    expect(localStorage.getItem('storefront:v1:user')).toBeNull();
    // The router's guard decides where an expired visitor goes; the call itself stays put.
    expect(window.location.hash).toBe('#/user/money/money');
    await flushReact();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(overlays.toasts).toHaveLength(0);
  });

  it('refreshes once for calls failing together and ends the session once', async () => {
    const api = fakeApi({
      '/api/test/echo': () => ({ status: 401 }),
      '/api/account/profile': () => ({ status: 401 }),
      '/api/token/refresh': () => failReply('refresh token expired'),
    });
    const kernel = createTestKernel({ adapter: api, user: { token: 'stale', refreshToken: 'refresh-1' } });
    mountOverlays(kernel);
    let ended = 0;
    kernel.session.on('logout', () => ended++);
    const errors = await Promise.all([kernel.http.call(echo, {}).catch((e: unknown) => e), kernel.http.call(profile, {}).catch((e: unknown) => e)]);
    expect(errors.map((e) => (e as CallError).reason)).toEqual(['expired', 'expired']);
    expect(api.requests.filter((r) => r.path === '/api/token/refresh')).toHaveLength(1);
    expect(ended).toBe(1);
    await flushReact();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('replays with the token another call renewed meanwhile, without a second refresh', async () => {
    const api = fakeApi({ '/api/test/echo': (_body, request) => (request.headers.get('Token') === 'fresh' ? { n: 3 } : { status: 401 }) });
    const kernel = createTestKernel({ adapter: api, user: { token: 'stale', refreshToken: 'refresh-1' } });
    const answer = kernel.http.data(echo, {});
    kernel.session.update({ token: 'fresh' });
    await expect(answer).resolves.toEqual({ n: 3 });
    expect(api.requests.map((r) => [r.path, r.headers.get('Token')])).toEqual([
      ['/api/test/echo', 'stale'],
      ['/api/test/echo', 'fresh'],
    ]);
  });

  it('ends a session without a refresh token at once', async () => {
    const api = fakeApi({ '/api/test/echo': () => ({ status: 401 }) });
    const kernel = createTestKernel({ adapter: api, user: { token: 'stale', refreshToken: '' } });
    await expect(kernel.http.call(echo, {})).rejects.toMatchObject({ reason: 'expired' });
    expect(api.requests.map((r) => r.path)).toEqual(['/api/test/echo']);
    expect(kernel.session.state.expired).toBe(true);
  });

  it('sends an anonymous visitor to login with the service-error modal (spec §8)', async () => {
    const api = fakeApi({ '/api/test/echo': () => ({ status: 401 }) });
    const kernel = createTestKernel({ adapter: api });
    mountOverlays(kernel);
    window.history.replaceState(null, '', '#/user/money/money');
    await expect(kernel.http.call(echo, {})).rejects.toMatchObject({ status: 401, reason: 'status' });
    expect(api.requests.map((r) => r.path)).toEqual(['/api/test/echo']);
    expect(decodeURIComponent(window.location.hash)).toBe('#/pages/login/login?returnTo=/user/money/money');
    expect(kernel.session.state.expired).toBe(false);
    expect((await screen.findByRole('dialog')).textContent).toContain('您没有权限操作！');
  });
});
