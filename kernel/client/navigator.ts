/**
 * Hash navigation. The query lives inside the hash (`#/goods/detail/detail?id=3`) so every route
 * is one shareable URL and the server only ever serves index.html. Changes are announced with a
 * `hashchange` event, which wouter's useHashLocation listens to.
 */
import type { Navigator } from './kernel';
import { AUTH_PAGE_PATHS } from '../core/paths';
import { HOME_PATH, LOGIN_PATH, routeKey } from './registries';
import { buildPath, splitPath, type Query } from './url';

/** The current hash location, e.g. `/goods/detail/detail?id=3` (`/` when there is none). */
export function currentLocation(): string {
  const hash = globalThis.location?.hash ?? '';
  const value = hash.replace(/^#/, '');
  return value.startsWith('/') ? value : `/${value}`;
}

/** Set while go() announces a replacement, which adds no history entry. */
let replacing = false;

function go(target: string, replace: boolean): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = target;
  if (url.href === oldURL) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', url.href);
  replacing = replace;
  try {
    dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
  } finally {
    replacing = false;
  }
}

/** Pages an anonymous visitor may always see (forceLogin sends everyone else to login). */
export const isAuthPage = (path: string): boolean => AUTH_PAGE_PATHS.includes(routeKey(path));

export function createNavigator(): Navigator {
  // History entries the app added since it started (pushes and link clicks, not replacements):
  // with none, "back" would leave the app (a shared link opened in a tab with history), so it
  // goes home instead.
  let moves = 0;
  addEventListener('hashchange', () => {
    if (!replacing) moves++;
  });
  const nav: Navigator = {
    to: (path, query) => go(buildPath(path, query), false),
    replace: (path, query) => go(buildPath(path, query), true),
    back() {
      if (moves > 0) {
        moves -= 2; // this step back, and the hashchange it causes
        history.back();
      } else go(HOME_PATH, true);
    },
    login(returnTo) {
      const here = currentLocation();
      if (isAuthPage(splitPath(here).path)) return;
      const query: Query = { returnTo: returnTo ?? here };
      go(buildPath(LOGIN_PATH, query), false);
    },
  };
  return nav;
}
