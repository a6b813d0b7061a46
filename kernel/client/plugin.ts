/**
 * The browser side of a plugin. Its descriptor (`plugin.ts`, plain data the server hands over in
 * the bootstrap) tells the shell its routes and menu entries; its browser code (`index.ts`, made
 * with `defineClient`) is a chunk of its own, loaded only when one of its routes, badges or filled
 * extension points is needed, or at start (`start` in the descriptor). Pages and strings are
 * found by file name (`pages/<page>.page.tsx`, `i18n/<language>.json`) and load beside it.
 */
import type { ComponentType } from 'react';
import type { Kernel } from './kernel';
import type { MenuDescriptor, PluginDescriptor, RouteDescriptor } from '../core/descriptor';
import type { Contribution, ServiceRef } from '../core/extension';
import type { UserInfo } from '../core/user';

/** Named places in the shell that plugins fill. Plugins may add their own slot names. */
export type MenuSlot =
  | 'tabbar'
  | 'home.grid'
  | 'member.orders'
  | 'member.wallet'
  | 'member.services'
  | (string & {});

export interface PageProps {
  /** The route's query parameters (spec §2: query parameters are handed to the page). */
  query: Record<string, string>;
}

/** A page module's loader: `() => import('./pages/cart.page')`. */
export type PageLoader = () => Promise<{ default: ComponentType<PageProps> }>;

/** A route as the shell draws it: the descriptor's, with the plugin it belongs to and its page's loader. */
export interface RouteDef extends Omit<RouteDescriptor, 'page'> {
  /** The plugin id (empty for a route added by hand, e.g. in a test). */
  plugin?: string;
  /** Loads the page, together with its plugin's browser code. */
  page: PageLoader;
  /** The page file's own loader: what a loaded page is remembered by, across kernels. */
  source?: PageLoader;
  /** Whether the plugin's browser code is here (a page already loaded then renders at once). */
  codeReady?: () => boolean;
}

/**
 * A reactive badge on a menu entry: a valtio store and how to read the number from it, and
 * optionally how to refresh the store (e.g. from the server) whenever a view showing the entry
 * appears or the shopper changes; a failed refresh leaves the last value.
 */
export interface Badge<S extends object = object> {
  store: S;
  read: (snapshot: S) => number | string | null | undefined;
  refresh?: (kernel: Kernel) => Promise<void> | void;
}
export const badge = <S extends object>(
  store: S,
  read: (snapshot: S) => number | string | null | undefined,
  refresh?: (kernel: Kernel) => Promise<void> | void,
): Badge => ({ store, read, refresh }) as unknown as Badge;

/** A menu entry as the shell draws it: the descriptor's, with its plugin, who sees it and (once its code is here) its badge. */
export interface MenuEntry extends Omit<MenuDescriptor, 'badge' | 'audience'> {
  /** The plugin id. */
  plugin: string;
  /** The descriptor announces a badge: the plugin's code is loaded for it (when the visitor may use the entry). */
  badged?: boolean;
  badge?: Badge;
  /** Who sees the entry, by the stored user info (null when logged out); everyone when left out. */
  visible?: (user: UserInfo | null) => boolean;
}

export type Resources = { [key: string]: string | Resources };

/**
 * One language's strings of a namespace: a loader (`() => import('./i18n/en.json')`), so only the
 * shopper's language is downloaded and the other one on a switch; or the strings themselves
 * (tests, tiny plugins), which are added in both languages at once.
 */
export type ResourceSource = Resources | (() => Promise<{ default: Resources }>);

export interface I18nSources {
  en: ResourceSource;
  'zh-Hans': ResourceSource;
}

/** A service this plugin provides to others: the value its `ServiceRef` resolves to, made once the code has loaded. */
export interface Provision<T = unknown> {
  ref: ServiceRef<T>;
  make: (kernel: Kernel) => T;
}

/** `provides: [provide(chatUnread, (kernel) => () => unreadOf(kernel))]`. */
export const provide = <T>(ref: ServiceRef<T>, make: (kernel: Kernel) => T): Provision => ({ ref, make }) as Provision;

/** A plugin's browser code (`plugins/<id>/index.ts`): `export default defineClient({ … })`. */
export interface ClientModule {
  /** Live badges of the menu entries its descriptor marks `badge: true`, by entry id. */
  badges?: Record<string, Badge>;
  /** valtio stores this plugin owns, registered in the container as `store:<id>.<name>`. */
  stores?: Record<string, object>;
  /** What it puts into extension points (`contribute(point, …values)`; its descriptor lists them under `fills`). */
  contributes?: Contribution[];
  /** Services it provides to others (`provide(ref, make)`; others ask `kernel.plugins.service(ref)`). */
  provides?: Provision[];
  /** Runs once when the code has loaded (the plugin is enabled); subscribe to kernel events here. */
  setup?: (kernel: Kernel) => void;
  /** Runs after `setup`, before the plugin's pages render (e.g. load the cart). A failure is logged, not fatal. */
  boot?: (kernel: Kernel) => Promise<void>;
}

export const defineClient = (module: ClientModule): ClientModule => module;

/** Where a plugin's browser parts come from: the app finds them by file name (`import.meta.glob`). */
export interface PluginSources {
  /** `index.ts`; none for a plugin with pages and strings only. */
  code?: () => Promise<{ default: ClientModule }>;
  /** Page loaders by page name (`pages/<name>.page.tsx`). */
  pages: Record<string, PageLoader>;
  /** Strings by language (`i18n/<language>.json`) of the plugin's namespace. */
  i18n?: I18nSources;
}

/** The installed plugins' browser parts by plugin id; which of them run is the site's choice. */
export type SourceMap = Readonly<Record<string, PluginSources>>;

/**
 * A plugin written out whole in memory — descriptor, pages, strings and code in one object — for
 * tests and embeddings without plugin folders. `splitPlugin` turns it into a descriptor and sources.
 */
export interface InlinePlugin extends ClientModule {
  id: string;
  version: string;
  requires?: string[];
  core?: boolean;
  routes?: (Omit<RouteDef, 'plugin'>)[];
  menu?: (Omit<MenuDescriptor, 'badge'> & { badge?: Badge })[];
  i18n: I18nSources;
  extensionPoints?: string[];
  start?: PluginDescriptor['start'];
}

/** Declares an inline plugin (types only; `createTestKernel({ plugins: [...] })` or `splitPlugin` take it). */
export const inlinePlugin = (plugin: InlinePlugin): InlinePlugin => plugin;

/** An inline plugin's descriptor, sources and code (its pages named by position, its badges by entry id). */
export function splitPlugin(plugin: InlinePlugin): { descriptor: PluginDescriptor; sources: PluginSources; module: ClientModule } {
  const pages: Record<string, PageLoader> = {};
  const routes = (plugin.routes ?? []).map((route, i) => {
    const name = `page-${i}`;
    pages[name] = route.page;
    return { ...route, page: name };
  });
  const badges: Record<string, Badge> = {};
  const menu = (plugin.menu ?? []).map(({ badge: given, ...entry }) => {
    if (given) badges[entry.id] = given;
    return { ...entry, ...(given ? { badge: true } : {}) };
  });
  const { badges: own, stores, contributes, provides, setup, boot } = plugin;
  const module: ClientModule = { badges: { ...badges, ...own }, stores, contributes, provides, setup, boot };
  const descriptor: PluginDescriptor = {
    id: plugin.id,
    version: plugin.version,
    requires: plugin.requires ?? [],
    core: plugin.core,
    routes,
    menu,
    offers: plugin.extensionPoints ?? [],
    fills: [...new Set((plugin.contributes ?? []).map((c) => c.point))],
    start: plugin.start,
  };
  return { descriptor, sources: { code: async () => ({ default: module }), pages, i18n: plugin.i18n }, module };
}
