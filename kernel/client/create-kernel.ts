/**
 * Builds the browser kernel. Every service is registered in a tsyringe child container under its
 * token (./tokens.ts) with a factory that states its dependencies in plain code — no decorator
 * metadata, so it works under any bundler or test runner. A token that is already registered in
 * the container passed in is left alone: that is how a test or an embedding swaps a service.
 */
import { container as rootContainer, instanceCachingFactory, type DependencyContainer, type InjectionToken } from 'tsyringe';
import type { Bootstrap } from '../core/bootstrap';
import type { FirstScreenData } from '../core/site';
import { windowBrowser } from './browser';
import { uiDialogs } from './dialogs';
import { createHttp } from './http';
import { createI18n, createLocale, currentLanguage, isLanguage, KERNEL_STRINGS, LANGUAGE_KEY, pickLanguage } from './i18n';
import { addLabels } from './i18n-namespaces';
import type { Kernel, Language, Locale } from './kernel';
import { createNavigator } from './navigator';
import type { SourceMap } from './plugin';
import { createPluginHost } from './plugin-host';
import { createExtensions, createMenuRegistry, createRouteRegistry } from './registries';
import { createSession } from './session';
import { createSiteState } from './site';
import { browserWebSocket, createSocket } from './socket';
import { createStorage } from './storage';
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
  WebSocketFactoryToken,
} from './tokens';

export interface CreateKernelOptions {
  /** Every installed plugin's browser parts (the app finds them by folder); the site's descriptors decide which run. */
  sources: SourceMap;
  bootstrap: Bootstrap;
  /** Pre-registered tokens in it override the defaults. */
  container?: DependencyContainer;
}

export function createKernel({ sources, bootstrap, container: given }: CreateKernelOptions): Kernel {
  const container = given ?? rootContainer.createChildContainer();

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
  provide(SiteToken, () => createSiteState(get(BootstrapToken)));
  provide(KernelStringsToken, () => KERNEL_STRINGS);
  provide(I18nToken, () => {
    const stored = get(StorageToken).get<unknown>(LANGUAGE_KEY, null);
    const browser = get(BrowserToken);
    // A choice the server did not write this page in (made before it was told, or its cookie gone): tell it now.
    if (isLanguage(stored) && stored !== browser.pageLanguage()) browser.rememberLanguage(stored);
    const i18n = createI18n(pickLanguage(stored, browser.languages()), get(KernelStringsToken));
    // The tab bar's and home menus' labels came with index.html: their plugins' strings need not download for them.
    addLabels(i18n, get(BootstrapToken).labels ?? {});
    return i18n;
  });
  provide(LocaleToken, (): Locale => createLocale(get(I18nToken), get(StorageToken), get(BrowserToken)));
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
  const plugins = createPluginHost({ site: get(SiteToken), sources, i18n: get(I18nToken), session: get(SessionToken), kernel: () => kernel });
  provide(RoutesToken, () => createRouteRegistry(plugins, sources));
  provide(MenuToken, () => createMenuRegistry(plugins, get(SiteToken)));
  provide(ExtensionsToken, () => createExtensions(plugins));

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
    bootstrapData: takeOnce(get(BootstrapToken), () => currentLanguage(get(I18nToken))),
  };
  if (!container.isRegistered(KernelToken, true)) container.register(KernelToken, { useValue: kernel });
  return kernel;
}

/**
 * Each plugin's first-screen data once: a second reader (a remount, a retry) fetches fresh data,
 * and so does an app in another language than the page's data (its names are in that one).
 */
function takeOnce({ data = {}, language }: Bootstrap, current: () => Language): Kernel['bootstrapData'] {
  const left = new Map(Object.entries(data));
  return <K extends keyof FirstScreenData>(plugin: K) => {
    const value = language === undefined || language === current() ? left.get(plugin) : undefined;
    left.delete(plugin);
    return value as FirstScreenData[K] | undefined;
  };
}
