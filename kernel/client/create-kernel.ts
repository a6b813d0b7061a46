/**
 * Builds the browser kernel. Every service is registered in a tsyringe child container under its
 * token (./tokens.ts) with a factory that states its dependencies in plain code — no decorator
 * metadata, so it works under any bundler or test runner. A token that is already registered in
 * the container passed in is left alone: that is how a test or an embedding swaps a service.
 */
import { container as rootContainer, instanceCachingFactory, type DependencyContainer, type InjectionToken } from 'tsyringe';
import { checkPlugins, formatProblems } from '../core/plugin-graph';
import type { Bootstrap, FirstScreenData } from '../core/site';
import { windowBrowser } from './browser';
import { uiDialogs } from './dialogs';
import { createHttp } from './http';
import { addPluginNamespace, createI18n, createLocale, KERNEL_STRINGS, LANGUAGE_KEY, pickLanguage } from './i18n';
import type { Kernel, Locale } from './kernel';
import { createNavigator } from './navigator';
import type { ClientPlugin } from './plugin';
import { createExtensions, createMenuRegistry, createRouteRegistry } from './registries';
import { createSession } from './session';
import { createSiteState } from './site';
import { browserWebSocket, createSocket } from './socket';
import { createStorage } from './storage';
import { subscribe } from 'valtio';
import {
  BootstrapToken,
  BrowserToken,
  DialogsToken,
  ExtensionsToken,
  HttpAdapterToken,
  HttpToken,
  I18nToken,
  KernelStringsToken,
  KernelToken,
  LocaleToken,
  LogoutCall,
  MenuToken,
  NavigatorToken,
  RoutesToken,
  SessionToken,
  SiteToken,
  SocketToken,
  StorageAreaToken,
  StorageToken,
  storeToken,
  WebSocketFactoryToken,
} from './tokens';

export interface CreateKernelOptions {
  /** Every installed plugin (the app discovers them by folder); the site decides which are enabled. */
  plugins: readonly ClientPlugin[];
  bootstrap: Bootstrap;
  /** Pre-registered tokens in it override the defaults. */
  container?: DependencyContainer;
}

/** Installed plugins in dependency order (requirements first), whatever order they were found in. */
export function orderPlugins(plugins: readonly ClientPlugin[]): ClientPlugin[] {
  const report = checkPlugins(
    plugins.map((p) => ({ id: p.id, version: p.version, requires: p.requires ?? [], paths: (p.routes ?? []).map((r) => r.path), core: p.core })),
  );
  if (report.problems.length > 0) console.error(`storefront: plugin problems\n${formatProblems(report.problems)}`);
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const ordered = report.order.map((id) => byId.get(id)).filter((p): p is ClientPlugin => p !== undefined);
  // Plugins left out by a cycle still load (after the others) so the rest of the site works.
  return [...ordered, ...plugins.filter((p) => !report.order.includes(p.id))];
}

export function createKernel({ plugins: installed, bootstrap, container: given }: CreateKernelOptions): Kernel {
  const container = given ?? rootContainer.createChildContainer();
  const plugins = orderPlugins(installed);

  const provide = <T>(token: InjectionToken<T>, make: (c: DependencyContainer) => T) => {
    if (!container.isRegistered(token, true)) container.register(token, { useFactory: instanceCachingFactory(make) });
  };
  const get = <T>(token: InjectionToken<T>) => container.resolve(token);

  provide(BootstrapToken, () => bootstrap);
  provide(BrowserToken, () => windowBrowser);
  provide(DialogsToken, () => uiDialogs);
  provide(HttpAdapterToken, () => null);
  provide(StorageAreaToken, () => globalThis.localStorage);
  provide(StorageToken, () => createStorage({ area: get(StorageAreaToken) }));
  provide(SiteToken, () => createSiteState(plugins, get(BootstrapToken)));
  provide(KernelStringsToken, () => KERNEL_STRINGS);
  provide(I18nToken, () => {
    const stored = get(StorageToken).get<unknown>(LANGUAGE_KEY, null);
    return createI18n(pickLanguage(stored, get(BrowserToken).languages()), get(KernelStringsToken));
  });
  provide(LocaleToken, (): Locale => createLocale(get(I18nToken), get(StorageToken)));
  provide(NavigatorToken, () => createNavigator());
  provide(SessionToken, () =>
    createSession({
      storage: get(StorageToken),
      http: () => get(HttpToken),
      logoutCall: () => (container.isRegistered(LogoutCall, true) ? get(LogoutCall) : null),
    }),
  );
  provide(HttpToken, () =>
    createHttp({
      bootstrap: get(BootstrapToken),
      site: get(SiteToken),
      session: get(SessionToken),
      i18n: get(I18nToken),
      dialogs: get(DialogsToken),
      nav: get(NavigatorToken),
      adapter: get(HttpAdapterToken),
    }),
  );
  provide(WebSocketFactoryToken, () => browserWebSocket);
  provide(SocketToken, () =>
    createSocket({ session: get(SessionToken), site: get(SiteToken), browser: get(BrowserToken), createWebSocket: get(WebSocketFactoryToken) }),
  );
  provide(RoutesToken, () => createRouteRegistry(plugins, get(SiteToken)));
  provide(MenuToken, () => createMenuRegistry(plugins, get(SiteToken)));
  provide(ExtensionsToken, () => createExtensions(plugins, get(SiteToken)));

  const kernel: Kernel = {
    container,
    http: get(HttpToken),
    storage: get(StorageToken),
    session: get(SessionToken),
    site: get(SiteToken),
    i18n: get(I18nToken),
    locale: get(LocaleToken),
    routes: get(RoutesToken),
    menu: get(MenuToken),
    extensions: get(ExtensionsToken),
    nav: get(NavigatorToken),
    socket: get(SocketToken),
    plugins,
    bootstrapData: takeOnce(get(BootstrapToken).data),
  };
  if (!container.isRegistered(KernelToken, true)) container.register(KernelToken, { useValue: kernel });

  mountEnabled(kernel);
  subscribe(kernel.site, () => mountEnabled(kernel));
  return kernel;
}

/** Each plugin's first-screen data once: a second reader (a remount, a retry) fetches fresh data. */
function takeOnce(data: Record<string, unknown> = {}): Kernel['bootstrapData'] {
  const left = new Map(Object.entries(data));
  return <K extends keyof FirstScreenData>(plugin: K) => {
    const value = left.get(plugin);
    left.delete(plugin);
    return value as FirstScreenData[K] | undefined;
  };
}

const mounted = new WeakMap<Kernel, Set<string>>();

/**
 * Mounts each enabled plugin once, in dependency order: its i18n namespace, its stores in the
 * container (`store:<id>.<name>`), then its `setup(kernel)`. A plugin enabled later (the index
 * reply or a live config change) is mounted when the site state says so.
 */
export function mountEnabled(kernel: Kernel): string[] {
  let done = mounted.get(kernel);
  if (!done) mounted.set(kernel, (done = new Set()));
  const fresh: string[] = [];
  for (const plugin of kernel.plugins) {
    if (done.has(plugin.id) || !kernel.site.isEnabled(plugin.id)) continue;
    done.add(plugin.id);
    void addPluginNamespace(kernel.i18n, plugin);
    for (const [name, store] of Object.entries(plugin.stores ?? {})) {
      kernel.container.register(storeToken(plugin.id, name), { useValue: store });
    }
    try {
      plugin.setup?.(kernel);
    } catch (error) {
      console.error(`storefront: setup of plugin \`${plugin.id}\` failed`, error);
    }
    fresh.push(plugin.id);
  }
  return fresh;
}
