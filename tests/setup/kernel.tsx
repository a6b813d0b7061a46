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
 * Only the edges are fake: the network (a fetch), the browser facts, storage, and the WebSocket:
 *
 *   const hub = fakeSocketServer();
 *   const kernel = createTestKernel({ plugins: [chat], socket: hub, site: { wss: '/api/socket' }, user: { id: 7 } });
 *   const ws = await hub.accept();           // the kernel connected; the hub opens it (pings are answered)
 *   hub.push({ type: 'single', ... });       // an incoming message
 *   expect(hub.sent('read_msg')).toEqual([...]);
 */
import { render, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import { Suspense, type ReactNode } from 'react';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import * as z from 'zod/mini';
import type { Reply } from '@kernel/core/envelope';
import { parseMessage, type SocketMessage } from '@kernel/core/socket';
import kernelEn from '@kernel/core/i18n/en.json';
import kernelZh from '@kernel/core/i18n/zh-Hans.json';
import type { Bootstrap } from '@kernel/core/bootstrap';
import { siteSchema, type SiteConfig } from '@kernel/core/site';
import type { UserInfo } from '@kernel/core/user';
import type { Browser } from '@kernel/client/browser';
import { createKernel } from '@kernel/client/create-kernel';
import type { Kernel, Language } from '@kernel/client/kernel';
import { splitPlugin, type ClientModule, type InlinePlugin, type PageLoader, type PluginSources, type Resources } from '@kernel/client/plugin';
import { checkPlugins } from '@kernel/core/plugin-graph';
import type { PluginDescriptor } from '@kernel/core/descriptor';
import { KernelProvider } from '@kernel/client/provider';
import { Router } from '@kernel/client/shell/Router';
import type { HttpFetch } from '@kernel/client/http-transport';
import type { WebSocketFactory, WebSocketLike } from '@kernel/client/socket';
import { BrowserToken, HttpAdapterToken, KernelStringsToken, WebSocketFactoryToken } from '@kernel/client/tokens';
import { OverlayHost } from '@kernel/client/ui/OverlayHost';
// Loaded up front: the app fetches the wire (with axios) and the socket connection as separate chunks.
import '@kernel/client/http-transport';
import '@kernel/client/socket-connection';

/** What a fake endpoint may answer: data (wrapped in a code-1 envelope), a whole envelope, or a status. */
export type FakeAnswer = unknown | { reply: Reply } | { status: number; body?: unknown };
export type FakeHandler = (body: Record<string, unknown>, request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeRequest {
  method: string;
  /** The URL's path (`/api/goods/goodsList`). */
  path: string;
  /** The JSON body, the multipart fields, or the query of a GET. */
  body: Record<string, unknown>;
  /** Case-insensitive, as on the wire: `headers.get('Token')`. */
  headers: Headers;
  /** The whole URL (base included). */
  url: string;
}

export interface FakeApi extends HttpFetch {
  /** Every request that reached the network, in order. */
  requests: FakeRequest[];
  /** Adds or replaces an endpoint. */
  on(path: string, handler: FakeHandler): void;
}

const envelope = (data: unknown, code: 0 | 1 = 1, msg = ''): Reply => ({ code, msg, time: String(Math.floor(Date.now() / 1000)), data });

/** A success envelope, for handlers that want to be explicit. */
export const okReply = (data: unknown, msg = ''): { reply: Reply } => ({ reply: envelope(data, 1, msg) });
/**
 * A reply held back until the test releases it: `const { reply, release } = heldReply();` then a
 * fake API handler `() => reply`, and later `release(value)`. Whether the request reaches the
 * handler before or after the release does not matter (a promise made inside the handler would
 * miss a release that came first).
 */
export function heldReply<T = unknown>(): { reply: Promise<T>; release: (value: T) => void } {
  let release!: (value: T) => void;
  const reply = new Promise<T>((resolve) => (release = resolve));
  return { reply, release };
}

/**
 * The requests a page made, without those of the login page an anonymous visitor is sent to (it
 * asks which platforms it may log in with): `expect(pageRequests(api)).toEqual([])`.
 */
export const pageRequests = (api: FakeApi): FakeRequest[] => api.requests.filter((r) => r.path !== '/api/user/thirdProviders');

/** A business refusal (code 0). */
export const failReply = (msg: string, data: unknown = null): { reply: Reply } => ({ reply: envelope(data, 0, msg) });

/** The request as recorded, at once (as the request leaves); its body is read after. */
function recordRequest(request: Request): FakeRequest {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const body = method === 'GET' ? Object.fromEntries(url.searchParams) : {};
  return { method, path: url.pathname, body, headers: new Headers(request.headers), url: request.url };
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return Object.fromEntries((await request.formData()).entries());
  return JSON.parse((await request.text()) || '{}') as Record<string, unknown>;
}

const respond = (status: number, data: unknown): Response =>
  new Response(typeof data === 'string' ? data : JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

/** Settles with the answer, or rejects once the request is aborted, as a real fetch does (axios times out that way). */
function abortable(request: Request, answer: Promise<Response>): Promise<Response> {
  const { signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    void answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * A fake network (a fetch): endpoints by path; unknown paths answer HTTP 404. A hand-written fake
 * fetch must reject when the request's signal aborts, as a real one does: axios's 60 s time-out
 * and its cancellations are that signal.
 */
export function fakeApi(handlers: Record<string, FakeHandler> = {}): FakeApi {
  const routes = new Map(Object.entries(handlers));
  const requests: FakeRequest[] = [];
  const serve = async (input: Request): Promise<Response> => {
    const request = recordRequest(input);
    requests.push(request);
    if (request.method !== 'GET') request.body = await readBody(input);
    const handler = routes.get(request.path);
    if (!handler) return respond(404, envelope(null, 0, `no fake for ${request.path}`));
    const answer = await handler(request.body, request);
    if (answer && typeof answer === 'object' && 'reply' in answer) return respond(200, (answer as { reply: Reply }).reply);
    if (answer && typeof answer === 'object' && 'status' in answer && typeof (answer as { status: unknown }).status === 'number') {
      const { status, body } = answer as { status: number; body?: unknown };
      return respond(status, body ?? envelope(null, 0, String(status)));
    }
    return respond(200, envelope(answer ?? null));
  };
  const fetch = ((input: Request) => abortable(input, serve(input))) as FakeApi;
  fetch.requests = requests;
  fetch.on = (path, handler) => void routes.set(path, handler);
  return fetch;
}

/** Sends the kernel's requests into a Fastify app (the real API host) with `inject`. */
export function injectAdapter(app: { inject: (options: object) => Promise<{ statusCode: number; body: string }> }): HttpFetch {
  return async (request) => {
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      throw new Error('injectAdapter: multipart uploads are not supported; test them on the server side');
    }
    const url = new URL(request.url);
    const response = await app.inject({
      method: request.method,
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(request.headers), 'content-type': 'application/json' },
      payload: request.method === 'GET' ? undefined : (await request.text()) || '{}',
    });
    return new Response(response.body, { status: response.statusCode });
  };
}

export interface FakeBrowser extends Browser {
  /** Where redirect() sent the page. */
  redirects: string[];
  online: boolean;
  /** Loses or regains the network and fires the event (setting `online` alone fires none). */
  setOnline(online: boolean): void;
  /** The choices rememberLanguage() told the server, in order. */
  remembered: Language[];
}

export function fakeBrowser(
  init: { userAgent?: string; host?: string; online?: boolean; languages?: string[]; pageLanguage?: string } = {},
): FakeBrowser {
  const listeners = new Set<() => void>();
  const host = init.host ?? 'shop.test';
  const browser: FakeBrowser = {
    redirects: [],
    online: init.online ?? true,
    setOnline(online) {
      browser.online = online;
      listeners.forEach((listener) => listener());
    },
    userAgent: () => init.userAgent ?? 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36',
    onLine: () => browser.online,
    onNetworkChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    host: () => host,
    pageUrl: () => `https://${host}/`,
    redirect: (url) => void browser.redirects.push(url),
    languages: () => init.languages ?? ['zh-CN'],
    pageLanguage: () => init.pageLanguage ?? 'zh-Hans',
    remembered: [],
    rememberLanguage: (language) => void browser.remembered.push(language),
  };
  return browser;
}

/**
 * A WebSocket the kernel opened, driven from the hub's side: `open()`, `receive(message)`,
 * `fail()`, `serverClose(code)`. When the kernel closes it no close event follows (the kernel has
 * already let go of it); `closedWith` records the code.
 */
export class FakeWebSocket implements WebSocketLike {
  readyState = 0;
  /** Frames the kernel sent, as text. */
  readonly frames: string[] = [];
  /** The code the kernel closed it with, or null while the kernel keeps it. */
  closedWith: number | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;

  constructor(
    readonly url: string,
    private readonly hub: { autoPong: boolean },
  ) {}

  /** The `token` of the URL the kernel connected to. */
  get token(): string | null {
    return new URL(this.url).searchParams.get('token');
  }

  /** The frames the kernel sent, parsed; of one type when given. */
  sent(type?: string): SocketMessage[] {
    return this.frames.map((frame) => parseMessage(frame)).filter((m): m is SocketMessage => m !== null && (!type || m.type === type));
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error(`FakeWebSocket: send() while readyState is ${this.readyState}`);
    this.frames.push(data);
    // Answered a moment later, as over a wire.
    if (this.hub.autoPong && parseMessage(data)?.type === 'ping') {
      queueMicrotask(() => this.readyState === 1 && this.receive({ type: 'pong', time: Math.floor(Date.now() / 1000) }));
    }
  }

  close(code = 1000): void {
    if (this.readyState >= 2) return;
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The hub accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** An incoming frame: a message, or raw text. */
  receive(message: SocketMessage | string): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** The connection fails (refused, or dropped by the network): error, then close 1006. */
  fail(): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code: 1006, reason: '' });
  }

  /** The hub closes the connection. */
  serverClose(code = 1000, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

export interface FakeSocketServer {
  /** Register under WebSocketFactoryToken; `createTestKernel({ socket })` does. */
  factory: WebSocketFactory;
  /** Every connection the kernel opened, oldest first. */
  connections: FakeWebSocket[];
  /** Answer every ping with a pong (default true; a socket unit test turns it off to miss one). */
  autoPong: boolean;
  /** The newest connection the kernel has not closed. */
  live(): FakeWebSocket | undefined;
  /**
   * Waits for the kernel to open a connection (it loads the socket service lazily, after a login)
   * and returns it; fails with the likely reasons when none comes.
   */
  connection(): Promise<FakeWebSocket>;
  /** `connection()`, then opens it: the kernel pings and runs its `onOpen` handlers. */
  accept(): Promise<FakeWebSocket>;
  /** Sends a message to the kernel over the live connection. */
  push(message: SocketMessage | string): void;
  /** What the kernel sent over every connection, parsed; of one type when given. */
  sent(type?: string): SocketMessage[];
}

export function fakeSocketServer(): FakeSocketServer {
  const server: FakeSocketServer = {
    connections: [],
    autoPong: true,
    factory: (url) => {
      const ws = new FakeWebSocket(url, server);
      server.connections.push(ws);
      return ws;
    },
    live: () => server.connections.findLast((ws) => ws.closedWith === null && ws.readyState < 2),
    async connection() {
      for (let round = 0; round < 20; round++) {
        const ws = server.live();
        if (ws) return ws;
        await vi.dynamicImportSettled();
      }
      throw new Error(
        'fakeSocketServer: the kernel opened no connection — is a user logged in, the site config\'s `wss` set, the browser online, and has something subscribed to kernel.socket (on/onOpen)?',
      );
    },
    async accept() {
      const ws = await server.connection();
      if (ws.readyState === 0) ws.open();
      return ws;
    },
    push(message) {
      const ws = server.live();
      if (!ws || ws.readyState !== 1) throw new Error('fakeSocketServer.push: no open connection (await accept() first)');
      ws.receive(message);
    },
    sent: (type) => server.connections.flatMap((ws) => ws.sent(type)),
  };
  return server;
}

export interface TestKernelOptions {
  /**
   * The plugins: ids of real ones (their requirements come along, as on the server), or inline
   * plugins written out whole (`inlinePlugin({...})`). Their code is mounted at once (stores,
   * `setup`); `boot` runs only through `boot(kernel)` or `kernel.plugins.load`.
   */
  plugins?: (string | InlinePlugin)[];
  /** Site config fields; the rest are the schema's defaults. */
  site?: Partial<SiteConfig>;
  /** Enabled plugin ids (default: every plugin given). */
  enabled?: string[];
  /** Logs this user in (id and token default to 1 and 'test-token'). */
  user?: Partial<UserInfo>;
  /** The network (default: `fakeApi()`, where every path answers 404). */
  adapter?: HttpFetch;
  browser?: Browser;
  /** The WebSocket hub the kernel's socket connects to (default: a fresh `fakeSocketServer()`). */
  socket?: FakeSocketServer;
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
};

export function testUser(fields: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 1, username: 'ann', nickname: 'Ann', email: '', mobile: '', avatar: '', gender: 0, birthday: '',
    money: '0.00', score: 0, lastlogintime: 0, lastloginip: '', jointime: 0, motto: '', token: 'test-token',
    refreshToken: 'test-refresh', cartNum: 0, cartList: [], openid: '', unionid: '', invite: '',
    ...fields,
  };
}

export { inlinePlugin } from '@kernel/client/plugin';

/** Every plugin's strings, read up front: tests render synchronously, the app downloads them. */
const pluginStrings = import.meta.glob<Resources>('../../plugins/*/i18n/*.json', { eager: true, import: 'default' });
/** Every real plugin's descriptor and browser code, mounted at once in tests; pages load as in the app. */
const descriptors = import.meta.glob<PluginDescriptor>('../../plugins/*/plugin.ts', { eager: true, import: 'default' });
const modules = import.meta.glob<ClientModule>('../../plugins/*/index.ts', { eager: true, import: 'default' });
const pageFiles = import.meta.glob('../../plugins/*/pages/*.page.tsx') as Record<string, PageLoader>;

const file = (id: string, rest: string) => `../../plugins/${id}/${rest}`;

/** A real plugin's descriptor; throws for an unknown id. */
export function realDescriptor(id: string): PluginDescriptor {
  const descriptor = descriptors[file(id, 'plugin.ts')];
  if (!descriptor) throw new Error(`createTestKernel: there is no plugins/${id}/plugin.ts`);
  return descriptor;
}

/** A real plugin's browser code (eagerly imported here) and its sources as the app's discovery gives them. */
function realPlugin(id: string): { sources: PluginSources; module: ClientModule | undefined } {
  const prefix = file(id, 'pages/');
  const pages = Object.fromEntries(
    Object.entries(pageFiles)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, load]) => [name.slice(prefix.length, -'.page.tsx'.length), load]),
  );
  const strings = (language: Language) => pluginStrings[file(id, `i18n/${language}.json`)];
  const module = modules[file(id, 'index.ts')];
  const sources = { pages, i18n: strings('en') ? { en: strings('en'), 'zh-Hans': strings('zh-Hans') } : undefined, ...(module ? { code: async () => ({ default: module }) } : {}) };
  return { sources, module };
}

interface Installed {
  descriptor: PluginDescriptor;
  sources: PluginSources;
  module: ClientModule | undefined;
}

/** The given plugins and, for real ones, what they require (transitively), in dependency order. */
function install(given: readonly (string | InlinePlugin)[]): Installed[] {
  const byId = new Map<string, Installed>();
  const visit = (entry: string | InlinePlugin) => {
    if (typeof entry !== 'string') {
      const { descriptor, sources, module } = splitPlugin(entry);
      byId.set(descriptor.id, { descriptor, sources, module });
      return;
    }
    if (byId.has(entry)) return;
    const descriptor = realDescriptor(entry);
    byId.set(entry, { descriptor, ...realPlugin(entry) });
    for (const dep of descriptor.requires ?? []) visit(dep);
  };
  given.forEach(visit);
  const order = checkPlugins([...byId.values()].map(({ descriptor: d }) => ({ id: d.id, version: d.version, requires: d.requires ?? [] }))).order;
  return order.map((id) => byId.get(id) as Installed);
}

/**
 * The descriptors an `/api/index/index` reply carries for these plugins (real ones by id, with
 * what they require; inline ones as given), for tests that fake the reply: `{ site, plugins: descriptorsOf([home]) }`.
 */
export const descriptorsOf = (plugins: readonly (string | InlinePlugin)[]): PluginDescriptor[] => install(plugins).map((p) => p.descriptor);

export function createTestKernel(options: TestKernelOptions = {}): Kernel {
  const installed = install(options.plugins ?? []);
  const enabled = new Set(options.enabled ?? installed.map((p) => p.descriptor.id));
  const container = options.container ?? rootContainer.createChildContainer();
  container.register(HttpAdapterToken, { useValue: options.adapter ?? fakeApi() });
  const languages = options.language === 'en' ? ['en-US'] : ['zh-CN'];
  container.register(BrowserToken, { useValue: options.browser ?? fakeBrowser({ languages }) });
  container.register(KernelStringsToken, { useValue: { en: kernelEn, 'zh-Hans': kernelZh } });
  container.register(WebSocketFactoryToken, { useValue: (options.socket ?? fakeSocketServer()).factory });
  const sources = Object.fromEntries(installed.map((p) => [p.descriptor.id, p.sources]));
  const running = installed.filter((p) => enabled.has(p.descriptor.id));
  const site = z.parse(siteSchema, options.site ?? {});
  const index = options.booted === false ? undefined : { site, plugins: running.map((p) => p.descriptor) };
  const bootstrap = { ...TEST_BOOTSTRAP, ...(index ? { index } : {}), ...options.bootstrap };
  const kernel = createKernel({ sources, bootstrap, container });
  if (options.language) void kernel.i18n.changeLanguage(options.language);
  if (index) for (const p of running) if (p.module) kernel.plugins.adopt(p.descriptor.id, p.module);
  if (options.user) kernel.session.login(testUser(options.user));
  return kernel;
}

/** Renders any element with the kernel, inside the app column, with the overlay host for modals and toasts. */
export function renderWithKernel(ui: ReactNode, kernel: Kernel = createTestKernel()): RenderResult & { kernel: Kernel } {
  // A wrapper (not a wrapped element) so `rerender` keeps the kernel around the new element.
  // Suspense as around every page in the shell (a component may wait for a lazy kernel part).
  const wrapper = ({ children }: { children: ReactNode }) => (
    <KernelProvider kernel={kernel}>
      <div className="sf-app">
        <Suspense>{children}</Suspense>
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
