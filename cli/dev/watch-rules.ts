/**
 * Which saved file restarts the API under `storefront dev`. The browser side (kernel/client, app/,
 * pages, stores) reloads itself through Vite; the site file is live-reloaded by the running API,
 * so it restarts the API only when the API is down (a site that failed the boot check is fixed).
 */
import path from 'node:path';

/** `restart`: server code changed; `site`: the site file changed (matters only while the API is down). */
export type ChangeEffect = 'restart' | 'site' | null;

/** The folders `storefront dev` watches for the API, relative to the project root. */
export const API_WATCH_DIRS = ['kernel/core', 'kernel/server', 'plugins', 'config/sites'] as const;

const SERVER_SOURCE = /\.(ts|mts|json)$/;
const TEST = /\.test\.tsx?$/;
const HIDDEN = /(^|\/)\./;
// Client-only parts of a plugin: its browser code (index.ts), pages (React) and valtio stores never load on the server.
const CLIENT_ONLY = /^index\.ts$|(^|\/)(pages\/|store\.ts$|[^/]+\.store\.ts$)|\.tsx$/;

/** `relative` is a path under the project root with `/` separators. */
export function effectOf(relative: string, site: string): ChangeEffect {
  if (relative === `config/sites/${site}.json`) return 'site';
  // Hidden paths are work in progress, e.g. the folder `plugin new` writes before renaming it into place.
  if (!SERVER_SOURCE.test(relative) || TEST.test(relative) || HIDDEN.test(relative)) return null;
  if (relative.startsWith('kernel/core/') || relative.startsWith('kernel/server/')) return 'restart';
  const plugin = /^plugins\/[^/]+\/(.+)$/.exec(relative);
  if (plugin && !CLIENT_ONLY.test(plugin[1])) return 'restart';
  return null;
}

/** A watcher's absolute path as `effectOf` reads it; null outside the project. */
export function projectRelative(root: string, file: string): string | null {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep).join('/');
}

/** What a restart line names: `plugins/wish/server.ts`, or `plugins/wish/server.ts and 3 more files`. */
export function describeChanges(files: readonly string[]): string {
  const unique = [...new Set(files)];
  if (unique.length <= 1) return unique[0] ?? 'a change';
  const more = unique.length - 1;
  return `${unique[0]} and ${more} more file${more === 1 ? '' : 's'}`;
}
