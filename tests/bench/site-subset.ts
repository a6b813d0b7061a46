/**
 * Which plugins a site switches off to run only a chosen few (and the core plugins), in an order
 * that never leaves an enabled plugin without what it requires: dependants before their
 * requirements, as `storefront plugin disable` would accept them one by one. Pure; the order comes
 * from the kernel's own graph check.
 */
import { checkPlugins, type PluginNode } from '@kernel/core/plugin-graph';

export type SubsetNode = Pick<PluginNode, 'id' | 'version' | 'requires' | 'core'>;

/** Throws, naming every kept plugin and what it lacks, when the kept set needs a plugin it leaves out. */
export function pluginsToSwitchOff(plugins: readonly SubsetNode[], enabled: readonly string[], keep: readonly string[]): string[] {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const unknown = keep.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new Error(`cannot keep ${unknown.map((id) => `\`${id}\``).join(', ')}: not installed`);
  const stays = (id: string) => keep.includes(id) || byId.get(id)?.core === true;
  const missing = plugins
    .filter((p) => stays(p.id))
    .flatMap((p) => p.requires.filter((dep) => !stays(dep)).map((dep) => `plugin \`${p.id}\` requires \`${dep}\`, which would be switched off`));
  if (missing.length > 0) throw new Error(`a site of ${keep.join(', ')} cannot run alone:\n  ${missing.join('\n  ')}`);
  const { order } = checkPlugins(plugins);
  return order.filter((id) => enabled.includes(id) && !stays(id)).reverse();
}
