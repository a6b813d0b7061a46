/**
 * The project as the CLI sees it: the installed plugins (server manifests through the kernel's
 * discovery and graph check, client manifests for routes and menu slots) and a site's toggles.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import type { GraphReport, Problem } from '@kernel/core/plugin-graph';
import { siteFileSchema } from '@kernel/core/site';
import type { ClientPlugin } from '@kernel/client/plugin';
import { loadPlugins } from '@kernel/server/discover';
import { createRegistry, type PluginRegistry } from '@kernel/server/registry';
import { parseSiteFile, type LoadedSite } from '@kernel/server/site-config';
import { readSiteText } from './sites';

export interface Project {
  root: string;
  registry: PluginRegistry;
  /** Client manifests by plugin id (a server-only plugin has none). */
  clients: ReadonlyMap<string, ClientPlugin>;
  /** Manifests that failed to load or are inconsistent, each naming its file. */
  problems: readonly Problem[];
}

export async function loadProject(root: string): Promise<Project> {
  const discovery = await loadPlugins(root);
  const registry = createRegistry(discovery.plugins, discovery.problems);
  const clients = new Map<string, ClientPlugin>();
  const problems: Problem[] = [];
  const pluginsDir = path.join(root, 'plugins');
  for (const plugin of registry.plugins) {
    const file = path.join(pluginsDir, plugin.id, 'index.ts');
    if (!fs.existsSync(file)) continue;
    try {
      const module = (await import(pathToFileURL(file).href)) as { default?: ClientPlugin };
      const client = module.default;
      if (!client || client.id !== plugin.id) {
        problems.push({ code: 'invalid-config', plugin: plugin.id, message: `plugins/${plugin.id}/index.ts must \`export default definePlugin({ id: '${plugin.id}', ... })\`` });
        continue;
      }
      clients.set(plugin.id, client);
      const serverRequires = [...(plugin.requires ?? [])].sort().join(',');
      const clientRequires = [...(client.requires ?? [])].sort().join(',');
      if (serverRequires !== clientRequires) {
        problems.push({
          code: 'invalid-config',
          plugin: plugin.id,
          message: `plugin \`${plugin.id}\` requires [${serverRequires}] on the server but [${clientRequires}] in the browser; the two manifests must agree`,
        });
      }
    } catch (error) {
      problems.push({ code: 'invalid-config', plugin: plugin.id, message: `plugin \`${plugin.id}\` cannot be loaded from plugins/${plugin.id}/index.ts: ${(error as Error).message}` });
    }
  }
  return { root, registry, clients, problems: [...registry.problems, ...problems] };
}

export interface SiteState {
  name: string;
  text: string;
  /** The parsed toggles when the file is valid JSON of the right shape (even if the graph check fails). */
  toggles: Record<string, { enabled: boolean; settings?: Record<string, unknown> }> | null;
  /** The graph check against these toggles. */
  report: GraphReport | null;
  /** The fully loaded site when there are no problems at all. */
  loaded: LoadedSite | null;
  /** Every problem: JSON, schema, graph, settings. */
  problems: Problem[];
}

export function readSite(project: Project, name: string): SiteState {
  const text = readSiteText(project.root, name);
  const { site, problems } = parseSiteFile(text, name, project.registry);
  let toggles: SiteState['toggles'] = null;
  let report: GraphReport | null = null;
  try {
    const parsed = z.safeParse(siteFileSchema, JSON.parse(text));
    if (parsed.success) {
      toggles = parsed.data.plugins;
      report = project.registry.check({ name, plugins: toggles });
    }
  } catch {
    // Invalid JSON: parseSiteFile has said so.
  }
  return { name, text, toggles, report, loaded: site ?? null, problems };
}
