/**
 * What the browser knows of the site: its config (from /api/index/index) and which plugins are
 * enabled. The server writes the index reply into index.html, so both are known at once; without
 * it (a page not served by the API host) the bootstrap's list stands in until the reply arrives.
 */
import { proxy } from 'valtio';
import type { Bootstrap, IndexReply, SiteConfig } from '../core/site';
import type { SiteState } from './kernel';
import type { ClientPlugin } from './plugin';

export function createSiteState(plugins: readonly ClientPlugin[], bootstrap: Bootstrap): SiteState {
  const versions = new Map(plugins.map((p) => [p.id, p.version]));
  const core = new Set(plugins.filter((p) => p.core).map((p) => p.id));
  return proxy<SiteState>({
    config: bootstrap.index ? (bootstrap.index.site as SiteConfig) : null,
    enabled: bootstrap.index
      ? bootstrap.index.plugins.map((p) => ({ ...p }))
      : bootstrap.plugins.map((id) => ({ id, version: versions.get(id) ?? '' })),
    isEnabled(id: string) {
      // A core plugin is part of the shell: no site can switch it off.
      return core.has(id) || this.enabled.some((p) => p.id === id);
    },
  });
}

const sameList = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((p, i) => p.id === b[i].id);

/** Applies the index reply; the server's list wins over the bootstrap's. Returns whether it changed. */
export function applyIndex(site: SiteState, reply: IndexReply): boolean {
  site.config = reply.site as SiteConfig;
  if (sameList(site.enabled, reply.plugins)) return false;
  site.enabled = reply.plugins.map((p) => ({ ...p }));
  return true;
}
