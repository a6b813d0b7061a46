/**
 * Test helpers for anything that runs in the browser kernel (pages, stores, the shell).
 *
 *   const api = fakeApi({ '/api/goods/goodsList': (body) => ({ list: [...], total: 3 }) });
 *   const kernel = createTestKernel({ plugins: [goods], adapter: api, user: { id: 7 } });
 *   renderRoute(kernel, '/goods/list/list?keyword=tea');      // the real Router, guards, tab bar
 *   renderWithKernel(<GoodsCard goods={g} />, kernel);           // any component, with the kernel
 *
 * Against the real API host instead of a fake: `adapter: injectAdapter(testServer.app)` with
 * `createTestServer` from @kernel/server/testing, and `bootstrap: { appKey: TEST_APP.key, ... }`.
 * Only the edges are fake: the network (an axios adapter), the browser facts, and storage.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import * as z from 'zod/mini';
import type { Reply } from '@kernel/core/envelope';
import { siteSchema, type Bootstrap, type SiteConfig } from '@kernel/core/site';
import type { UserInfo } from '@kernel/core/user';
import type { Browser } from '@kernel/client/browser';
import { createKernel, mountEnabled } from '@kernel/client/create-kernel';
import type { Kernel, Language } from '@kernel/client/kernel';
import type { ClientPlugin } from '@kernel/client/plugin';
import { KernelProvider } from '@kernel/client/provider';
import { Router } from '@kernel/client/shell/Router';
import { applyIndex } from '@kernel/client/site';
import { BrowserToken, HttpAdapterToken } from '@kernel/client/tokens';
import { OverlayHost } from '@kernel/client/ui/OverlayHost';
// Loaded up front: the app fetches the wire as a separate chunk, tests need not wait for it.
import '@kernel/client/http-transport';

/** What a fake endpoint may answer: data (wrapped in a code-1 envelope), a whole envelope, or a status. */
export type FakeAnswer = unknown | { reply: Reply } | { status: number; body?: unknown };
export type FakeHandler = (body: Record<string, unknown>, request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export interface FakeApi extends AxiosAdapter {
  /** Every request that reached the network, in order. */
  requests: FakeRequest[];
  /** Adds or replaces an endpoint. */
  on(path: string, handler: FakeHandler): void;
}

const envelope = (data: unknown, code: 0 | 1 = 1, msg = ''): Reply => ({ code, msg, time: String(Math.floor(Date.now() / 1000)), data });

/** A success envelope, for handlers that want to be explicit. */
export const okReply = (data: unknown, msg = ''): { reply: Reply } => ({ reply: envelope(data, 1, msg) });
/** A business refusal (code 0). */
export const failReply = (msg: string, data: unknown = null): { reply: Reply } => ({ reply: envelope(data, 0, msg) });

function readBody(config: InternalAxiosRequestConfig): Record<string, unknown> {
  if (config.method?.toUpperCase() === 'GET') return (config.params ?? {}) as Record<string, unknown>;
  if (typeof config.data === 'string') return JSON.parse(config.data || '{}') as Record<string, unknown>;
  if (config.data instanceof FormData) return Object.fromEntries(config.data.entries());
  return (config.data ?? {}) as Record<string, unknown>;
}

function headersOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const raw = (config.headers?.toJSON?.() ?? config.headers ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
}

const respond = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => ({
  status,
  statusText: String(status),
  data,
  headers: {},
  config,
});

/** A fake network: endpoints by path; unknown paths answer HTTP 404. */
export function fakeApi(handlers: Record<string, FakeHandler> = {}): FakeApi {
  const routes = new Map(Object.entries(handlers));
  const requests: FakeRequest[] = [];
  const adapter = (async (config: InternalAxiosRequestConfig) => {
    const path = config.url ?? '';
    const request = { method: (config.method ?? 'post').toUpperCase(), path, body: readBody(config), headers: headersOf(config) };
    requests.push(request);
    const handler = routes.get(path);
    if (!handler) return respond(config, 404, envelope(null, 0, `no fake for ${path}`));
    const answer = await handler(request.body, request);
    if (answer && typeof answer === 'object' && 'reply' in answer) return respond(config, 200, (answer as { reply: Reply }).reply);
    if (answer && typeof answer === 'object' && 'status' in answer && typeof (answer as { status: unknown }).status === 'number') {
      const { status, body } = answer as { status: number; body?: unknown };
      return respond(config, status, body ?? envelope(null, 0, String(status)));
    }
    return respond(config, 200, envelope(answer ?? null));
  }) as FakeApi;
  adapter.requests = requests;
  adapter.on = (path, handler) => void routes.set(path, handler);
  return adapter;
}

/** Sends the kernel's requests into a Fastify app (the real API host) with `inject`. */
export function injectAdapter(app: { inject: (options: object) => Promise<{ statusCode: number; body: string }> }): AxiosAdapter {
  return async (config) => {
    if (config.data instanceof FormData) throw new Error('injectAdapter: multipart uploads are not supported; test them on the server side');
    const isGet = config.method?.toUpperCase() === 'GET';
    const response = await app.inject({
      method: (config.method ?? 'post').toUpperCase(),
      url: config.url,
      query: isGet ? (config.params as Record<string, string>) : undefined,
      headers: { ...headersOf(config), 'content-type': 'application/json' },
      payload: isGet ? undefined : typeof config.data === 'string' ? config.data : JSON.stringify(config.data ?? {}),
    });
    let data: unknown = response.body;
    try {
      data = JSON.parse(response.body);
    } catch {
      // Not JSON: hand the text on, as the browser would.
    }
    return respond(config, response.statusCode, data);
  };
}

export interface FakeBrowser extends Browser {
  /** Where redirect() sent the page. */
  redirects: string[];
  online: boolean;
}

export function fakeBrowser(init: { userAgent?: string; host?: string; online?: boolean; languages?: string[] } = {}): FakeBrowser {
  const browser: FakeBrowser = {
    redirects: [],
    online: init.online ?? true,
    userAgent: () => init.userAgent ?? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36',
    onLine: () => browser.online,
    host: () => init.host ?? 'shop.test',
    redirect: (url) => void browser.redirects.push(url),
    languages: () => init.languages ?? ['zh-CN'],
  };
  return browser;
}

export interface TestKernelOptions {
  plugins?: ClientPlugin[];
  /** Site config fields; the rest are the schema's defaults. */
  site?: Partial<SiteConfig>;
  /** Enabled plugin ids (default: every plugin given). */
  enabled?: string[];
  /** Logs this user in (id and token default to 1 and 'test-token'). */
  user?: Partial<UserInfo>;
  adapter?: AxiosAdapter;
  browser?: Browser;
  language?: Language;
  bootstrap?: Partial<Bootstrap>;
  /** Apply the index reply as boot would (default true); false leaves the site unknown. */
  booted?: boolean;
  container?: DependencyContainer;
}

export const TEST_BOOTSTRAP: Bootstrap = {
  site: 'test',
  apiUrl: '',
  appKey: 'test-key',
  appSecret: 'test-secret',
  frontHost: '',
  plugins: [],
};

export function testUser(fields: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1, username: 'ann', nickname: 'Ann', email: '', mobile: '', avatar: '', gender: 0, birthday: '',
    money: '0.00', score: 0, lastlogintime: 0, lastloginip: '', jointime: 0, motto: '', token: 'test-token',
    refreshToken: 'test-refresh', cartNum: 0, cartList: [], openid: '', unionid: '', invite: '',
    ...fields,
  };
}

export function createTestKernel(options: TestKernelOptions = {}): Kernel {
  const plugins = options.plugins ?? [];
  const enabled = options.enabled ?? plugins.map((p) => p.id);
  const container = options.container ?? rootContainer.createChildContainer();
  container.register(HttpAdapterToken, { useValue: options.adapter ?? fakeApi() });
  const languages = options.language === 'en' ? ['en-US'] : ['zh-CN'];
  container.register(BrowserToken, { useValue: options.browser ?? fakeBrowser({ languages }) });
  const bootstrap = { ...TEST_BOOTSTRAP, plugins: enabled, ...options.bootstrap };
  const kernel = createKernel({ plugins, bootstrap, container });
  if (options.language) void kernel.i18n.changeLanguage(options.language);
  if (options.booted !== false) {
    const site = z.parse(siteSchema, options.site ?? {});
    const versions = new Map(plugins.map((p) => [p.id, p.version]));
    applyIndex(kernel.site, { site, plugins: enabled.map((id) => ({ id, version: versions.get(id) ?? '' })) });
    mountEnabled(kernel);
  }
  if (options.user) kernel.session.login(testUser(options.user));
  return kernel;
}

/** Renders any element with the kernel, inside the app column, with the overlay host for modals and toasts. */
export function renderWithKernel(ui: ReactNode, kernel: Kernel = createTestKernel()): RenderResult & { kernel: Kernel } {
  // A wrapper (not a wrapped element) so `rerender` keeps the kernel around the new element.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <KernelProvider kernel={kernel}>
      <div className="sf-app">
        {children}
        <OverlayHost />
      </div>
    </KernelProvider>
  );
  return Object.assign(render(ui, { wrapper }), { kernel });
}

/** Opens a hash location (`/goods/detail/detail?id=3`) and renders the real Router there. */
export function renderRoute(kernel: Kernel, location: string): RenderResult & { kernel: Kernel } {
  window.history.replaceState(null, '', `#${location}`);
  return renderWithKernel(<Router />, kernel);
}
