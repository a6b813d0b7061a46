/**
 * The project as the CLI sees it: the installed plugins (descriptors and server sides through the
 * kernel's discovery and graph check) and a site's toggles.
 */
import * as z from 'zod/mini';
import type { GraphReport, Problem } from '@kernel/core/plugin-graph';
import { siteFileSchema } from '@kernel/core/site';
import { loadPlugins } from '@kernel/server/discover';
import { createRegistry, type PluginRegistry } from '@kernel/server/registry';
import { parseSiteFile, type LoadedSite } from '@kernel/server/site-config';
import { readSiteText } from './sites';

export interface Project {
  root: string;
  registry: PluginRegistry;
  /** Descriptors that failed to load or server sides that do not build on them, each naming its file. */
  problems: readonly Problem[];
}

/** The installed plugins, read from their descriptors and server sides (never their browser code). */
export async function loadProject(root: string): Promise<Project> {
  const discovery = await loadPlugins(root);
  const registry = createRegistry(discovery.plugins, discovery.problems);
  return { root, registry, problems: registry.problems };
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
