/** Builds the kernel from the plugins' parts and the server's bootstrap, and renders the app. */
import { createRoot } from 'react-dom/client';
import type { Bootstrap } from '../../core/bootstrap';
import { createKernel } from '../create-kernel';
import type { Kernel } from '../kernel';
import { currentLocation } from '../navigator';
import type { SourceMap } from '../plugin';
import { splitPath } from '../url';
import { App } from './App';
import { loadPage } from './page-loader';

export function startApp({ sources, bootstrap, root }: { sources: SourceMap; bootstrap: Bootstrap; root: HTMLElement }): Kernel {
  const kernel = createKernel({ sources, bootstrap });
  document.documentElement.lang = kernel.locale.language();
  // The first route's page and its plugin's code download now, beside the strings, rather than
  // after boot: with the index reply in index.html the route is known, and the page is ready when
  // the router asks.
  const route = kernel.routes.find(splitPath(currentLocation()).path);
  if (route) void loadPage(route).catch(() => undefined);
  // The first render waits for the shopper's language (one small download), so no key ever shows.
  const render = () => createRoot(root).render(<App kernel={kernel} />);
  void kernel.locale.ready().then(render, render);
  return kernel;
}
