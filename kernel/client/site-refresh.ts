/**
 * Per-site toggles reach a tab that stays open. After boot the tab follows the site event stream
 * (site-events.ts): when the server says the site changed, the kernel asks /api/index/index
 * again; a changed plugin list redraws the shell's routes and menus and starts the newly enabled
 * plugins that run from the start. A hidden tab lets its stream go (a browser allows ~6
 * connections per host over HTTP/1.1, and a dozen idle tabs must not take them all) and catches
 * up when shown. Where the stream cannot get through, the tab re-reads the site when it becomes
 * visible, at most once a minute.
 */
import type { SiteEventData, SiteEventName } from '../core/site-events';
import type { Kernel, SiteState } from './kernel';
import { loadKernelCalls } from './kernel-calls';
import { applyIndex } from './site';
import { browserEventSource, createSiteEvents, type EventSourceFactory } from './site-events';
import { BootstrapToken, EventSourceFactoryToken } from './tokens';

export const SITE_REFRESH_MS = 60_000;

/** Asks the server for the site again; true when the enabled plugins changed. Never rejects. */
export async function refreshSite(kernel: Kernel): Promise<boolean> {
  try {
    const calls = await loadKernelCalls();
    const index = await kernel.http.data(calls.index, {}, { toastError: false });
    if (!applyIndex(kernel.site, index)) return false;
    // The plugin host hears the change: new plugins' strings register and what must start starts.
    await kernel.plugins.start();
    return true;
  } catch {
    // Offline or refused: keep the site as it is; the next event or visit asks again.
    return false;
  }
}

/** The registered EventSource factory, or the browser's. */
export function siteEventSource(kernel: Kernel): EventSourceFactory {
  const { container } = kernel;
  return container.isRegistered(EventSourceFactoryToken, true) ? container.resolve(EventSourceFactoryToken) : browserEventSource;
}

/** Starts watching (call it once the app is on screen: the stream is no part of first paint); returns the function that stops it. */
export function watchSite(kernel: Kernel, now: () => number = Date.now): () => void {
  let last = now();
  let stopped = false;
  const refresh = coalesce(() => (stopped ? Promise.resolve() : refreshSite(kernel)));
  const ask = () => {
    last = now();
    refresh();
  };

  const events = createSiteEvents({
    apiUrl: () => kernel.site.config?.apiUrl || kernel.container.resolve(BootstrapToken).apiUrl || '',
    factory: siteEventSource(kernel),
    onEvent: (name: SiteEventName, data: SiteEventData | null) => {
      // A `hello` only matters when the site changed between boot and the stream's opening.
      if (name === 'site' || !data || !samePlugins(data.plugins, kernel.site)) ask();
    },
  });

  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      events.close();
      return;
    }
    if (document.visibilityState !== 'visible') return;
    if (!events.live && now() - last >= SITE_REFRESH_MS) ask();
    events.open();
  };
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState !== 'hidden') events.open();

  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', onVisibility);
    events.close();
  };
}

const samePlugins = (ids: readonly string[], site: SiteState) =>
  ids.length === site.enabled.length && site.enabled.every((plugin) => ids.includes(plugin.id));

/** Runs `task` now, or once more after the run under way: a burst of events costs two reads at most. */
function coalesce(task: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    do {
      again = false;
      await task();
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
