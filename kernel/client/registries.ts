/**
 * Routes, menu slots and extension contributions, read live from the plugins the site has
 * enabled: switching a plugin off makes its routes answer not-found and its entries vanish.
 */
import type { Extensions, MenuRegistry, RouteRegistry, SiteState } from './kernel';
import type { UserInfo } from '../core/user';
import type { ClientPlugin, ExtensionPoints, MenuEntry, RouteDef } from './plugin';

export const HOME_PATH = '/pages/index/index';
export const LOGIN_PATH = '/pages/login/login';
export const REGISTER_PATH = '/pages/register/register';
/** Forgot password (the auth plugin): like login and register, open to anonymous visitors. */
export const RESET_PASSWORD_PATH = '/pages/resetpwd/resetpwd';

/** Whether the user (null: logged out) sees a menu entry: its `visible` rule, else everyone. */
export const shownTo = (entry: Pick<MenuEntry, 'visible'>, user: UserInfo | null): boolean => !entry.visible || entry.visible(user);

/** Entries without an `order` come after ordered ones. */
export const DEFAULT_MENU_ORDER = 100;

/** `/` is the home page (spec §2); trailing slashes and queries do not matter. */
export function routeKey(path: string): string {
  let clean = path.split('?')[0] || '/';
  if (!clean.startsWith('/')) clean = `/${clean}`;
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  return clean === '/' ? HOME_PATH : clean;
}

const enabledPlugins = (plugins: readonly ClientPlugin[], site: SiteState) => plugins.filter((p) => site.isEnabled(p.id));

export function createRouteRegistry(plugins: readonly ClientPlugin[], site: SiteState): RouteRegistry {
  const list = (): RouteDef[] => enabledPlugins(plugins, site).flatMap((p) => p.routes ?? []);
  return {
    list,
    find: (path) => {
      const key = routeKey(path);
      return list().find((route) => routeKey(route.path) === key);
    },
  };
}

export function createMenuRegistry(plugins: readonly ClientPlugin[], site: SiteState): MenuRegistry {
  return {
    slot(slot) {
      const entries = enabledPlugins(plugins, site).flatMap((plugin) =>
        (plugin.menu ?? []).filter((entry) => entry.slot === slot).map((entry): MenuEntry & { plugin: string } => ({ ...entry, plugin: plugin.id })),
      );
      // Array.prototype.sort is stable, so equal orders keep plugin load order.
      return entries.sort((a, b) => (a.order ?? DEFAULT_MENU_ORDER) - (b.order ?? DEFAULT_MENU_ORDER));
    },
  };
}

export function createExtensions(plugins: readonly ClientPlugin[], site: SiteState): Extensions {
  return {
    list<K extends keyof ExtensionPoints>(point: K): ExtensionPoints[K][] {
      return enabledPlugins(plugins, site).flatMap((plugin) => (plugin.contributes?.[point] ?? []) as ExtensionPoints[K][]);
    },
  };
}
