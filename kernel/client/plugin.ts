/**
 * The browser side of a plugin: what it contributes to the shell. The manifest (`plugins/<id>/index.ts`)
 * is imported eagerly, so it stays tiny; pages are loaded lazily.
 */
import type { ComponentType } from 'react';
import type { Kernel } from './kernel';
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

export interface RouteDef {
  /** Hash path, e.g. `/goods/detail/detail`. */
  path: string;
  page: () => Promise<{ default: ComponentType<PageProps> }>;
  /** `custom`: the page draws its own header; `default`: the shell's navigation bar with `title`. */
  navBar: 'custom' | 'default';
  /** i18n key of the page title, `namespace:key`. */
  title: string;
  /** Needs a logged-in shopper; anonymous visitors are sent to the login page. */
  auth?: boolean;
  /** Shows the tab bar under the page (the pages the tab bar links to). */
  tabbar?: boolean;
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

export interface MenuEntry {
  slot: MenuSlot;
  /** Unique within the plugin. */
  id: string;
  /** i18n key. */
  label: string;
  /** An icon name from the UI kit (`kernel/client/ui/icons`), or an image URL. */
  icon: string;
  /** Where the entry leads: a route path, optionally with a query string. */
  to: string;
  /** Lower comes first; entries of equal order keep plugin load order. */
  order?: number;
  /** Anonymous visitors are sent to the login page first. */
  auth?: boolean;
  /**
   * Who sees the entry, by the stored user info (null when logged out); everyone when left out.
   * E.g. `(user) => isStaffUser(user)` for an entry only staff need.
   */
  visible?: (user: UserInfo | null) => boolean;
  badge?: Badge;
}

export type Resources = { [key: string]: string | Resources };

/**
 * One language's strings of a namespace: a loader in manifests (`() => import('./i18n/en.json')`),
 * so only the shopper's language is downloaded and the other one on a switch; or the strings
 * themselves (tests, tiny plugins), which are added in both languages at once.
 */
export type ResourceSource = Resources | (() => Promise<{ default: Resources }>);

export interface I18nSources {
  en: ResourceSource;
  'zh-Hans': ResourceSource;
}

/**
 * Extension points offered by plugins, filled by declaration merging, e.g. in plugins/home:
 *   declare module '@kernel/client/plugin' { interface ExtensionPoints { 'home.sections': HomeSection } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ExtensionPoints {}

export type Contributions = { [K in keyof ExtensionPoints]?: ExtensionPoints[K][] };

export interface ClientPlugin {
  id: string;
  version: string;
  requires?: string[];
  /** Part of the shell; a site cannot switch it off. */
  core?: boolean;
  routes?: RouteDef[];
  menu?: MenuEntry[];
  /** valtio stores this plugin owns, registered in the container as `store:<id>.<name>`. */
  stores?: Record<string, object>;
  /** The plugin's i18n namespace (its id), per language: `{ en: () => import('./i18n/en.json'), 'zh-Hans': ... }`. */
  i18n: I18nSources;
  /** Extension points this plugin offers to others. */
  extensionPoints?: (keyof ExtensionPoints)[];
  contributes?: Contributions;
  /** Runs once when the plugin is mounted (it is enabled for the site); subscribe to kernel events here. */
  setup?: (kernel: Kernel) => void;
  /** Runs in the boot sequence after the site config has loaded, in dependency order (e.g. load the cart). */
  boot?: (kernel: Kernel) => Promise<void>;
}

export function definePlugin(plugin: ClientPlugin): ClientPlugin {
  return plugin;
}
