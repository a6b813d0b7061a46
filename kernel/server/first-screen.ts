/**
 * The first-screen part of index.html: every enabled plugin's `firstScreen` data (in dependency
 * order), and the images and page modules to preload. Each contribution is time-boxed and
 * isolated: a slow or failing plugin is left out (its client fetches as usual), never the page.
 */
import { cdnUrl } from '../core/cdn';
import type { PluginDescriptor } from '../core/descriptor';
import { isFirstScreenSlot, type FirstScreenLabels } from '../core/first-screen';
import { HOME_PATH } from '../core/paths';
import type { Db, Lang, ServerServices } from './plugin';
import type { PluginRegistry } from './registry';
import type { LoadedSite } from './site-config';
import { within } from './time-limit';
import { COLUMN_SIZES, responsiveSrc } from '../core/image-widths';

/** A page load waits at most this long for any one plugin's first-screen data. */
export const FIRST_SCREEN_TIMEOUT_MS = 250;

export interface FirstScreenDeps {
  registry: PluginRegistry;
  db: Db;
  services: ServerServices;
  log: { warn(message: string): void };
  timeoutMs?: number;
}

/**
 * An image to preload (CDN rule applied). An uploaded picture comes with the served widths and
 * the column's `sizes`, as the page's `Img` asks for it (a banner): the browser preloads the very
 * file the page then shows.
 */
export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

export interface FirstScreenPart {
  /** By plugin id. */
  data: Record<string, unknown>;
  /** Images, in plugin order, each once. */
  preload: PreloadImage[];
  /** Client modules to preload (project paths), in plugin order, each once. */
  modules: string[];
  /** The home route owner's static first paint (FirstScreen.paint), when it wrote one. */
  paint?: string;
}

/**
 * The browser modules a cold load of the home route needs (the server cannot see the hash, so
 * this is the set it preloads): the home route's page and its plugin's code, the code of the
 * plugins that fill that plugin's extension points, and of those that start at boot. The build
 * manifest turns them into chunks; a module that is not there (no `index.ts`) is skipped.
 */
export function homeRouteModules(site: LoadedSite, registry: PluginRegistry): string[] {
  return homeRouteModulesOf(enabledDescriptors(site, registry));
}

/** homeRouteModules, given the enabled plugins' descriptors (what the build's own checks pass it). */
export function homeRouteModulesOf(enabled: readonly PluginDescriptor[]): string[] {
  const owner = homeRouteOwnerOf(enabled);
  if (!owner) return [];
  const route = (owner.routes ?? []).find((r) => r.path === HOME_PATH || r.path === '/');
  const fillers = enabled.filter((d) => (d.fills ?? []).some((point) => (owner.offers ?? []).includes(point)));
  const starters = enabled.filter((d) => d.start === 'always');
  const code = [...new Set([owner, ...fillers, ...starters].map((d) => d.id))].map((id) => `plugins/${id}/index.ts`);
  return [`plugins/${owner.id}/pages/${route?.page}.page.tsx`, ...code];
}

const enabledDescriptors = (site: LoadedSite, registry: PluginRegistry): PluginDescriptor[] =>
  site.enabled.flatMap((id) => registry.get(id)?.descriptor ?? []);

/** The enabled plugin whose route is the home page, if any. */
const homeRouteOwnerOf = (enabled: readonly PluginDescriptor[]) =>
  enabled.find((d) => (d.routes ?? []).some((r) => r.path === HOME_PATH || r.path === '/'));

/** A string in one language (falling back as the browser does), or undefined when no namespace has it. */
export type LookUpString = (lang: Lang, key: string) => string | undefined;

const LANGS: readonly Lang[] = ['zh-Hans', 'en'];

/** i18next's plural forms of a key: `item.left` is shown as `item.left_one` or `item.left_other`. */
const PLURALS = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

/**
 * The labels of the enabled plugins' tab-bar and home menu entries, and the strings their
 * first-screen parts list (`bootStrings`, with their plural forms), in both languages (the
 * shopper's is chosen in the browser): the shell draws them without downloading each plugin's
 * strings, so a plugin on the home adds a few bytes to the page, not a request.
 */
export function firstScreenLabels(site: LoadedSite, registry: PluginRegistry, lookUp: LookUpString): FirstScreenLabels {
  const keys = new Set(
    site.enabled.flatMap((id) => {
      const descriptor = registry.get(id)?.descriptor;
      const menu = (descriptor?.menu ?? []).filter((entry) => isFirstScreenSlot(entry.slot)).map((entry) => entry.label);
      return [...menu, ...(descriptor?.bootStrings ?? []).flatMap((key) => PLURALS.map((form) => key + form))];
    }),
  );
  const labels: FirstScreenLabels = {};
  for (const lang of LANGS) {
    const found = [...keys].flatMap((key) => {
      const text = lookUp(lang, key);
      return text === undefined ? [] : [[key, text] as const];
    });
    if (found.length > 0) labels[lang] = Object.fromEntries(found);
  }
  return labels;
}

/** `lang`: the page's language; the contributors write their catalogue text in it. */
export async function collectFirstScreen(site: LoadedSite, deps: FirstScreenDeps, lang: Lang = 'zh-Hans'): Promise<FirstScreenPart> {
  const timeoutMs = deps.timeoutMs ?? FIRST_SCREEN_TIMEOUT_MS;
  const contributors = site.enabled.flatMap((id) => {
    const firstScreen = deps.registry.get(id)?.firstScreen;
    return firstScreen ? [{ id, firstScreen }] : [];
  });
  const parts = await Promise.all(
    contributors.map(async ({ id, firstScreen }) => {
      const ctx = { db: deps.db, site: site.file.site, settings: site.settings.get(id) ?? {}, services: deps.services, enabled: site.enabled, lang };
      try {
        // The async wrapper: a contributor that throws at once is caught like one that rejects.
        return { id, part: await within((async () => firstScreen(ctx))(), timeoutMs) };
      } catch (error) {
        deps.log.warn(`first screen of plugin \`${id}\` left out of index.html: ${(error as Error).message}`);
        return { id, part: null };
      }
    }),
  );
  const data: Record<string, unknown> = {};
  const preload: PreloadImage[] = [];
  const modules: string[] = [...homeRouteModules(site, deps.registry)];
  const add = (list: string[], value: string) => value && !list.includes(value) && list.push(value);
  const cdn = (url: string) => cdnUrl(url, site.file.site.cdnUrl);
  const addImage = (image: string) => {
    const responsive = responsiveSrc(image, cdn);
    const link = responsive ? { href: responsive.src, srcset: responsive.srcSet, sizes: COLUMN_SIZES } : { href: cdn(image) };
    if (image && !preload.some((known) => known.href === link.href)) preload.push(link);
  };
  const painter = homeRouteOwnerOf(enabledDescriptors(site, deps.registry))?.id;
  let paint: string | undefined;
  for (const { id, part } of parts) {
    if (!part) continue;
    data[id] = part.data;
    if (id === painter && part.paint) paint = part.paint;
    for (const image of part.preload ?? []) addImage(image);
    for (const module of part.modules ?? []) add(modules, module);
  }
  return { data, preload, modules, ...(paint ? { paint } : {}) };
}
