/**
 * Self-registration (DESIGN §3): every `plugins/<id>/index.ts` is a client plugin, found at build
 * time, so adding a plugin folder edits no app file. Manifests are tiny and eager; their pages
 * are lazy chunks.
 */
import type { ClientPlugin } from '@kernel/client/plugin';

const manifests = import.meta.glob<{ default?: ClientPlugin }>('../plugins/*/index.ts', { eager: true });

export function discoverPlugins(): ClientPlugin[] {
  const problems: string[] = [];
  const plugins: ClientPlugin[] = [];
  for (const [file, module] of Object.entries(manifests)) {
    const plugin = module.default;
    if (plugin && typeof plugin.id === 'string' && plugin.i18n) plugins.push(plugin);
    else problems.push(`${file} has no default export made with definePlugin({...})`);
  }
  if (problems.length > 0) console.error(`storefront: skipped plugin manifests\n  - ${problems.join('\n  - ')}`);
  return plugins;
}
