/**
 * What the browser knows of the site: its config (from /api/index/index) and which plugins are
 * enabled. Before the index reply arrives, the bootstrap's list (written into index.html by the
 * server) stands in, so boot hooks and the first route can start at once.
 */
import { proxy } from 'valtio';
import type { Bootstrap, IndexReply, SiteConfig } from '../core/site';
import type { SiteState } from './kernel';
import type { ClientPlugin } from './plugin';

export function createSiteState(plugins: readonly ClientPlugin[], bootstrap: Bootstrap): SiteState {
  const versions = new Map(plugins.map((p) => [p.id, p.version]));
  const core = new Set(plugins.filter((p) => p.core).map((p) => p.id));
  return proxy<SiteState>({
    config: null,
    enabled: bootstrap.plugins.map((id) => ({ id, version: versions.get(id) ?? '' })),
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
