/**
 * What the browser knows of the site: its config (from /api/index/index) and the descriptors of
 * the plugins it runs. The server writes the index reply into index.html, so both are known at
 * once; without it (a page not served by the API host) nothing runs until the reply arrives.
 */
import { proxy } from 'valtio';
import type { Bootstrap } from '../core/bootstrap';
import type { IndexReply, SiteConfig } from '../core/site';
import type { SiteState } from './kernel';

export function createSiteState(bootstrap: Bootstrap): SiteState {
  return proxy<SiteState>({
    config: bootstrap.index ? (bootstrap.index.site as SiteConfig) : null,
    enabled: bootstrap.index ? bootstrap.index.plugins.map((p) => ({ ...p })) : [],
    isEnabled(id: string) {
      return this.enabled.some((p) => p.id === id);
    },
  });
}

// Descriptors are plain data: a changed route, entry or version counts as a change.
const sameList = (a: readonly object[], b: readonly object[]) => JSON.stringify(a) === JSON.stringify(b);

/** Applies the index reply; the server's list wins over the bootstrap's. Returns whether it changed. */
export function applyIndex(site: SiteState, reply: IndexReply): boolean {
  site.config = reply.site as SiteConfig;
  if (sameList(site.enabled, reply.plugins)) return false;
  site.enabled = reply.plugins.map((p) => ({ ...p }));
  return true;
}
