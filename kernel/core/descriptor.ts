/**
 * A plugin's descriptor (`plugins/<id>/plugin.ts`): who it is and what it shows, as plain data —
 * no React, no Node, nothing to run. The server, the CLI and `doctor` import it; the browser
 * shell gets it from the server in the bootstrap (`clientDescriptor`: everything but the
 * settings schema, which is JSON too). A plugin's identity is written once: `server.ts` builds on
 * it, and its browser code (`index.ts`) is known by its folder.
 */
import type { ZodMiniObject } from 'zod/mini';
import type { AnyExtensionPoint } from './extension';
import type { PluginNode } from './plugin-graph';
import type { SiteConfig } from './site';

/** A page of the plugin: the hash path, and the file `pages/<page>.page.tsx` that draws it. */
export interface RouteDescriptor {
  /** Hash path, e.g. `/goods/detail/detail`. */
  path: string;
  /** The page file's name: `detail` is `pages/detail.page.tsx`. */
  page: string;
  /** `custom`: the page draws its own header; `default`: the shell's navigation bar with `title`. */
  navBar: 'custom' | 'default';
  /** i18n key of the page title, `namespace:key`. */
  title: string;
  /** Needs a logged-in shopper; anonymous visitors are sent to the login page. */
  auth?: boolean;
  /** Shows the tab bar under the page (the pages the tab bar links to). */
  tabbar?: boolean;
}

/** Who sees a menu entry besides its slot's usual audience: `staff` entries only staff members. */
export type MenuAudience = 'staff';

/** The site config's on/off switches (spec §3): `signIn`, `retail`, … */
export type SiteFlag = { [K in keyof SiteConfig]: SiteConfig[K] extends boolean ? K : never }[keyof SiteConfig];

// A Record, so the compiler insists on every switch of the site config and no other.
const SITE_FLAGS: Record<SiteFlag, true> = { regNeedCode: true, retail: true, signIn: true, forceLogin: true };

/** An entry the plugin puts in a named menu slot of the shell or of another plugin. */
export interface MenuDescriptor {
  /** `tabbar`, `home.grid`, `member.orders`, `member.wallet`, `member.services`, or a plugin's own slot. */
  slot: string;
  /** Unique within the plugin and slot; entries of one id share one badge. */
  id: string;
  /** i18n key. */
  label: string;
  /** An icon name from the UI kit (`kernel/client/ui/icons`), or an image URL. */
  icon: string;
  /** Where the entry leads: a route path, optionally with a query string. */
  to: string;
  /** Lower comes first; entries of equal order keep plugin order. */
  order?: number;
  /** Anonymous visitors are sent to the login page first. */
  auth?: boolean;
  /** The plugin's browser code gives the entry a live badge (`badges[id]`). */
  badge?: boolean;
  /**
   * Slots whose entries' badges add up on this entry when it has none of its own: the 我的 tab shows
   * what waits in the member centre (the unread chat of 联系客服), where the shopper would not see it.
   */
  badgeFrom?: readonly string[];
  /** Shown only to this audience; everyone when left out. */
  audience?: MenuAudience;
  /**
   * A switch of the site config the entry depends on (`signIn`): hidden while the site sets it to
   * false, live, although the plugin stays enabled (its calls refuse on their own).
   */
  siteFlag?: SiteFlag;
}

/**
 * When the plugin's browser code must load although no route, slot or extension point has asked
 * for it: at boot (`always`), or while someone is logged in (`session`, e.g. the cart's count).
 */
export type StartWhen = 'always' | 'session';

export interface PluginDescriptor {
  /** The folder name. */
  id: string;
  version: string;
  /** Plugins this one needs enabled (and loaded first). */
  requires?: readonly string[];
  /** Part of the shell; a site cannot switch it off. */
  core?: boolean;
  routes?: readonly RouteDescriptor[];
  menu?: readonly MenuDescriptor[];
  /**
   * Ids of the extension points this plugin offers. Written as the points' values in `plugin.ts`
   * (`offers: [goodsActions]`, see `DescriptorSource`); `describePlugin` keeps their ids, so the
   * descriptor stays JSON for the browser.
   */
  offers?: readonly string[];
  /** Ids of other plugins' extension points this one fills (`fills: [homeSections]`); the plugin that offers each must be in `requires`. */
  fills?: readonly string[];
  start?: StartWhen;
  /** i18n namespaces it brings (`i18n/<language>.json` is the first); default: its id. */
  namespaces?: readonly string[];
  /**
   * Its server side adds operator commands, all under `storefront <id> …`. Declared here so the
   * CLI can list them (`storefront --help`) without loading any server code.
   */
  commands?: boolean;
  /**
   * The strings its first-screen parts show (a home section, the home notice bar), as
   * `namespace:key`s: they come with index.html in both languages (plural forms too), and its own
   * strings download only when its pages open. Those parts word themselves with `useBootT`, which
   * never waits for a download. Left out, the kernel decides whether the whole namespace comes
   * with the first screen (`stringsAtBoot`).
   */
  bootStrings?: readonly string[];
  /** Settings a site may set under `plugins.<id>.settings` (a zod/mini object; give every key a default). Server-side only. */
  settings?: ZodMiniObject;
}

/** The descriptor as the browser gets it: everything but the settings schema and the CLI's flag. */
export function clientDescriptor({ settings: _settings, commands: _commands, ...rest }: PluginDescriptor): PluginDescriptor {
  return rest;
}

/**
 * A descriptor as `plugin.ts` writes it: the extension points it offers and fills are the values
 * themselves (imported from the offerer's `points.ts`), so no id is spelled twice.
 */
export type DescriptorSource = Omit<PluginDescriptor, 'offers' | 'fills'> & {
  offers?: readonly AnyExtensionPoint[];
  fills?: readonly AnyExtensionPoint[];
};

/** What `describePlugin` makes of a source: the same, with the points' ids. */
export type Described<D extends DescriptorSource> = Omit<D, 'offers' | 'fills'> & Pick<PluginDescriptor, 'offers' | 'fills'>;

/** Declares a plugin's descriptor; the literal types are kept (`as const` is not needed). */
export function describePlugin<const D extends DescriptorSource>({ offers, fills, ...rest }: D): Described<D> {
  return {
    ...rest,
    ...(offers ? { offers: offers.map((point) => point.id) } : {}),
    ...(fills ? { fills: fills.map((point) => point.id) } : {}),
  } as Described<D>;
}

/**
 * The plugin as the graph check sees it: route paths (and, on the server, call paths) are claimed
 * like ids, one plugin each.
 */
export function descriptorNode(descriptor: PluginDescriptor, callPaths: readonly string[] = []): PluginNode {
  return {
    id: descriptor.id,
    version: descriptor.version,
    requires: descriptor.requires ?? [],
    core: descriptor.core,
    paths: [...callPaths, ...(descriptor.routes ?? []).map((r) => r.path)],
    offers: descriptor.offers,
    fills: descriptor.fills,
    settingKeys: descriptor.settings ? Object.keys(descriptor.settings.shape) : [],
  };
}

export const namespacesOfPlugin = (descriptor: Pick<PluginDescriptor, 'id' | 'namespaces'>): readonly string[] => descriptor.namespaces ?? [descriptor.id];

/**
 * What is wrong with a value read from `plugins/<folder>/plugin.ts` (every problem), or an empty
 * list. Checked where descriptors are loaded (server, CLI) so a slip names its file.
 */
export function descriptorProblems(value: unknown, folder: string): string[] {
  const where = `plugins/${folder}/plugin.ts`;
  if (typeof value !== 'object' || value === null) return [`${where} must \`export default describePlugin({...})\``];
  const d = value as Partial<PluginDescriptor>;
  const problems: string[] = [];
  if (typeof d.id !== 'string' || typeof d.version !== 'string') problems.push(`${where} must declare a string \`id\` and \`version\``);
  else if (d.id !== folder) problems.push(`${where} declares id \`${d.id}\`; a plugin's id must be its folder name \`${folder}\``);
  const list = (key: keyof PluginDescriptor) => {
    const field = d[key];
    if (field !== undefined && !(Array.isArray(field) && field.every((x) => typeof x === 'string'))) problems.push(`${where}: \`${key}\` must be a list of strings`);
  };
  list('requires');
  list('namespaces');
  for (const key of ['offers', 'fills'] as const) {
    const field = d[key];
    if (field !== undefined && !(Array.isArray(field) && field.every((x) => typeof x === 'string' && x !== ''))) {
      problems.push(`${where}: \`${key}\` must list extension point values (\`${key}: [goodsActions]\`), given to \`describePlugin\``);
    }
  }
  if (d.commands !== undefined && typeof d.commands !== 'boolean') problems.push(`${where}: \`commands\` must be true or false`);
  if (d.bootStrings !== undefined && !(Array.isArray(d.bootStrings) && d.bootStrings.every((k) => typeof k === 'string' && k.includes(':')))) {
    problems.push(`${where}: \`bootStrings\` must list \`namespace:key\` strings`);
  }
  if (d.start !== undefined && d.start !== 'always' && d.start !== 'session') problems.push(`${where}: \`start\` must be 'always' or 'session'`);
  for (const [i, route] of (Array.isArray(d.routes) ? d.routes : []).entries()) {
    const r = route as Partial<RouteDescriptor>;
    if (typeof r.path !== 'string' || !r.path.startsWith('/')) problems.push(`${where}: routes[${i}] needs a \`path\` starting with /`);
    if (typeof r.page !== 'string' || !/^[a-z0-9-]+$/.test(r.page)) problems.push(`${where}: routes[${i}] needs a \`page\` file name (pages/<page>.page.tsx)`);
    if (typeof r.title !== 'string') problems.push(`${where}: routes[${i}] needs a \`title\` i18n key`);
    if (r.navBar !== 'custom' && r.navBar !== 'default') problems.push(`${where}: routes[${i}].navBar must be 'custom' or 'default'`);
  }
  if (d.settings !== undefined && (typeof d.settings !== 'object' || d.settings === null || !('shape' in d.settings))) {
    problems.push(`${where}: \`settings\` must be a zod/mini object (\`z.object({...})\`)`);
  }
  if (d.routes !== undefined && !Array.isArray(d.routes)) problems.push(`${where}: \`routes\` must be a list`);
  if (d.menu !== undefined && !Array.isArray(d.menu)) problems.push(`${where}: \`menu\` must be a list`);
  for (const [i, entry] of (Array.isArray(d.menu) ? d.menu : []).entries()) {
    const m = entry as Partial<MenuDescriptor>;
    for (const key of ['slot', 'id', 'label', 'icon', 'to'] as const) {
      if (typeof m[key] !== 'string') problems.push(`${where}: menu[${i}] needs a string \`${key}\``);
    }
    if (m.audience !== undefined && m.audience !== 'staff') problems.push(`${where}: menu[${i}].audience must be 'staff'`);
    if (m.badgeFrom !== undefined && !(Array.isArray(m.badgeFrom) && m.badgeFrom.every((slot) => typeof slot === 'string'))) {
      problems.push(`${where}: menu[${i}].badgeFrom must be a list of slot names`);
    }
    if (m.siteFlag !== undefined && !Object.hasOwn(SITE_FLAGS, m.siteFlag)) {
      problems.push(`${where}: menu[${i}].siteFlag must be a switch of the site config (${Object.keys(SITE_FLAGS).join(', ')}), got ${JSON.stringify(m.siteFlag)}`);
    }
  }
  return problems;
}
