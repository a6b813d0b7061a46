/**
 * Per-site toggles reach a tab that stays open: when the shopper comes back to it (the page
 * becomes visible, at most once a minute) the kernel asks /api/index/index again; a changed
 * plugin list re-mounts the shell's routes and menus and boots the newly enabled plugins.
 */
import { runBootHook } from './boot';
import { mountEnabled } from './create-kernel';
import type { Kernel } from './kernel';
import { loadKernelCalls } from './kernel-calls';
import { applyIndex } from './site';

export const SITE_REFRESH_MS = 60_000;

/** Asks the server for the site again; true when the enabled plugins changed. Never rejects. */
export async function refreshSite(kernel: Kernel): Promise<boolean> {
  try {
    const calls = await loadKernelCalls();
    const index = await kernel.http.data(calls.index, {}, { toastError: false });
    if (!applyIndex(kernel.site, index)) return false;
    const fresh = new Set(mountEnabled(kernel));
    await Promise.all(kernel.plugins.filter((plugin) => fresh.has(plugin.id)).map((plugin) => runBootHook(kernel, plugin)));
    return true;
  } catch {
    // Offline or refused: keep the site as it is; the next visit asks again.
    return false;
  }
}

/** Starts watching; returns the function that stops it. */
export function watchSite(kernel: Kernel, now: () => number = Date.now): () => void {
  let last = now();
  const onVisibility = () => {
    if (document.visibilityState !== 'visible' || now() - last < SITE_REFRESH_MS) return;
    last = now();
    void refreshSite(kernel);
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => document.removeEventListener('visibilitychange', onVisibility);
}
