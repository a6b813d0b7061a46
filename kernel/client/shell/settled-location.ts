/**
 * In-app navigation keeps showing the current page while the next page's chunk downloads, for
 * up to the loader delay (200 ms), instead of flashing an empty frame; after that the next page's
 * own loader takes over. Pages already loaded switch at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { RouteRegistry } from '../kernel';
import { splitPath } from '../url';
import { LOADER_DELAY_MS, loadPage, loadedPage } from './page-loader';

export function useSettledLocation(location: string, routes: RouteRegistry): string {
  // The last location shown; kept in a ref so a page that is ready costs no extra render.
  const shown = useRef(location);
  const [waited, setWaited] = useState<string | null>(null);
  const route = routes.find(splitPath(location).path);
  const ready = !route || Boolean(loadedPage(route));

  useEffect(() => {
    if (ready || !route) return;
    let live = true;
    const show = () => {
      if (live) setWaited(location);
    };
    const timer = setTimeout(show, LOADER_DELAY_MS);
    loadPage(route).then(show, show);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [location, ready, route]);

  if (ready || waited === location) shown.current = location;
  return shown.current;
}
