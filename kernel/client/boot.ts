/**
 * The boot sequence of spec §1: the desktop-only rule, waiting for the network, then the site
 * config (`/api/index/index`, unless index.html brought it) and, in parallel, the plugins that
 * run from the start (`start` in their descriptors: the cart while logged in), then forceLogin.
 * Other plugins' code loads when a route, badge or extension point first needs it.
 */
import { isColour } from '../core/cdn';
import type { Bootstrap } from '../core/bootstrap';
import type { Browser } from './browser';
import { CallError } from './call-error';
import { loadKernelCalls } from './kernel-calls';
import { desktopRedirect } from './device';
import type { Kernel } from './kernel';
import { currentLocation, isAuthPage } from './navigator';
import { applyIndex } from './site';
import { BootstrapToken, BrowserToken } from './tokens';
import { splitPath } from './url';

export const NETWORK_POLL_MS = 300;

export type BootPhase = 'redirecting' | 'offline' | 'loading' | 'ready' | 'failed';

export interface BootResult {
  phase: 'redirecting' | 'ready' | 'failed';
  error?: CallError;
}

export interface BootOptions {
  onPhase?: (phase: BootPhase) => void;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function boot(kernel: Kernel, { onPhase = () => {}, sleep = wait }: BootOptions = {}): Promise<BootResult> {
  const browser = kernel.container.resolve<Browser>(BrowserToken);
  const bootstrap = kernel.container.resolve<Bootstrap>(BootstrapToken);

  const target = desktopRedirect(browser.userAgent(), bootstrap.frontHost, browser.host());
  if (target) {
    onPhase('redirecting');
    const { protocol, pathname, search, hash } = globalThis.location;
    browser.redirect(`${protocol}//${target}${pathname}${search}${hash}`);
    return { phase: 'redirecting' };
  }

  if (!browser.onLine()) {
    onPhase('offline');
    while (!browser.onLine()) await sleep(NETWORK_POLL_MS);
  }
  onPhase('loading');

  // What runs from the start (the cart while logged in, …) loads now; the first route's plugin
  // is already loading with its page (start.tsx).
  const hooks: Promise<void>[] = [kernel.plugins.start()];
  // The index reply usually comes with index.html (the site state starts from it); ask only without it.
  if (!bootstrap.index) {
    try {
      const calls = await loadKernelCalls();
      const index = await kernel.http.data(calls.index, {}, { toastError: false });
      // The host hears the change: the new plugins' strings register and what must start starts.
      if (applyIndex(kernel.site, index)) hooks.push(kernel.plugins.start(), kernel.locale.ready());
    } catch (error) {
      onPhase('failed');
      return { phase: 'failed', error: error instanceof CallError ? error : new CallError({ msg: String(error), reason: 'network' }) };
    }
  }
  await Promise.all(hooks);

  applyTheme(kernel.site.config?.siteTheme);
  enforceForceLogin(kernel);
  onPhase('ready');
  return { phase: 'ready' };
}

/** The site's theme colour becomes the CSS variable every kit component reads. */
export function applyTheme(colour: string | undefined): void {
  if (colour && isColour(colour) && typeof document !== 'undefined') {
    document.documentElement.style.setProperty('--theme', colour);
  }
}

/** forceLogin: an anonymous visitor is sent to the login page (the Router keeps it so on every route). */
export function enforceForceLogin(kernel: Kernel): boolean {
  if (!kernel.site.config?.forceLogin || kernel.session.state.loggedIn) return false;
  if (isAuthPage(splitPath(currentLocation()).path)) return false;
  kernel.nav.login();
  return true;
}
