/**
 * Routes, menu slots and extension contributions, read live from the descriptors of the plugins
 * the site runs: switching a plugin off makes its routes answer not-found and its entries vanish;
 * switching one on brings them, before any of its code has downloaded.
 */
import type { MenuAudience, MenuDescriptor, RouteDescriptor } from '../core/descriptor';
import { HOME_PATH } from '../core/paths';
import { isStaffUser, type UserInfo } from '../core/user';
import type { Extensions, MenuRegistry, RouteRegistry, SiteState } from './kernel';
import type { PluginHost } from './plugin-host';
import { valuesOf, type ExtensionPoint } from '../core/extension';
import type { MenuEntry, PageLoader, RouteDef, SourceMap } from './plugin';

export { HOME_PATH, LOGIN_PATH, REGISTER_PATH, RESET_PASSWORD_PATH } from '../core/paths';

/** Whether the user (null: logged out) sees a menu entry: its `visible` rule, else everyone. */
export const shownTo = (entry: Pick<MenuEntry, 'visible'>, user: UserInfo | null): boolean => !entry.visible || entry.visible(user);

const audiences: Record<MenuAudience, (user: UserInfo | null) => boolean> = { staff: isStaffUser };

/** Entries without an `order` come after ordered ones. */
export const DEFAULT_MENU_ORDER = 100;

/** `/` is the home page (spec §2); trailing slashes and queries do not matter. */
export function routeKey(path: string): string {
  let clean = path.split('?')[0] || '/';
  if (!clean.startsWith('/')) clean = `/${clean}`;
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  return clean === '/' ? HOME_PATH : clean;
}

/**
 * Routes of the enabled plugins. A route's page loads together with its plugin's code, in
 * parallel (no waterfall); the same route object comes back each time, so a loaded page is known.
 */
export function createRouteRegistry(host: PluginHost, sources: SourceMap): RouteRegistry {
  // Per plugin, path and page: the route as read (its JSON: descriptors are plain data) and what was made of it.
  const made = new Map<string, { json: string; def: RouteDef }>();
  const routeOf = (plugin: string, route: RouteDescriptor): RouteDef => {
    const key = `${plugin}|${route.path}|${route.page}`;
    const json = JSON.stringify(route);
    const known = made.get(key)?.def;
    if (known && made.get(key)?.json === json) return known;
    const pageLoader: PageLoader | undefined = sources[plugin]?.pages[route.page];
    const page: PageLoader = () =>
      pageLoader
        ? Promise.all([pageLoader(), host.load(plugin)]).then(([module]) => module)
        : Promise.reject(new Error(`plugins/${plugin}/pages/${route.page}.page.tsx is not in this build`));
    // The same loader function while the route stays the same: loaded pages are remembered by it.
    const codeReady = () => !sources[plugin]?.code || host.module(plugin) !== undefined;
    const def: RouteDef = { ...route, plugin, page: known?.page ?? page, source: pageLoader, codeReady };
    made.set(key, { json, def });
    return def;
  };
  const list = (): RouteDef[] => host.enabled().flatMap((d) => (d.routes ?? []).map((route) => routeOf(d.id, route)));
  return {
    list,
    find: (path) => {
      const key = routeKey(path);
      return list().find((route) => routeKey(route.path) === key);
    },
  };
}

/**
 * Entries of the enabled plugins by slot. An entry with a `siteFlag` is left out while the site
 * config sets that switch to false (read live: a site edit hides or shows it at once).
 */
export function createMenuRegistry(host: PluginHost, site?: Pick<SiteState, 'config'>): MenuRegistry {
  const switchedOn = (flag: MenuDescriptor['siteFlag']) => !flag || site?.config?.[flag] !== false;
  return {
    slot(slot) {
      const entries = host.enabled().flatMap((d) =>
        (d.menu ?? [])
          .filter((entry) => entry.slot === slot && switchedOn(entry.siteFlag))
          .map(({ badge: badged, audience, ...entry }): MenuEntry => {
            const badge = badged ? host.module(d.id)?.badges?.[entry.id] : undefined;
            return { ...entry, plugin: d.id, ...(badged ? { badged } : {}), ...(badge ? { badge } : {}), ...(audience ? { visible: audiences[audience] } : {}) };
          }),
      );
      // Array.prototype.sort is stable, so equal orders keep plugin order.
      return entries.sort((a, b) => (a.order ?? DEFAULT_MENU_ORDER) - (b.order ?? DEFAULT_MENU_ORDER));
    },
  };
}

/** Contributions of the enabled plugins whose code has loaded (`host.fill(point)` loads the others). */
export function createExtensions(host: PluginHost): Extensions {
  return {
    list<T>(point: ExtensionPoint<T>): T[] {
      return host
        .enabled()
        .filter((d) => (d.fills ?? []).includes(point.id))
        .flatMap((d) => valuesOf(host.module(d.id)?.contributes ?? [], point));
    },
  };
}
