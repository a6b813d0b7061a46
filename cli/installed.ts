/**
 * The installed plugins as most commands need them: descriptors only, which is quick. Help and
 * toggles read nothing else; a command that runs a plugin's code loads its server side itself.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import { descriptorNode, type PluginDescriptor } from '@kernel/core/descriptor';
import { checkPlugins, type GraphReport, type Problem } from '@kernel/core/plugin-graph';
import { siteFileSchema } from '@kernel/core/site';
import type { CliContext } from './context';

export interface Installed {
  /** Every descriptor that loaded, in folder order. */
  descriptors: readonly PluginDescriptor[];
  /** Folders whose descriptor is missing or broken. */
  problems: readonly Problem[];
}

const loads = new WeakMap<CliContext, Promise<Installed>>();

/** The installed plugins (once per context): `ctx.installed` when given, else read from plugins/. */
export function installedOf(ctx: CliContext): Promise<Installed> {
  let load = loads.get(ctx);
  if (!load) {
    load = ctx.installed ? ctx.installed() : import('@kernel/server/discover').then((d) => d.loadDescriptors(ctx.root));
    loads.set(ctx, load);
  }
  return load;
}

export type Toggles = z.output<typeof siteFileSchema>['plugins'];

/** A site file's toggles, or the reasons they cannot be read (invalid JSON or shape). */
export function readToggles(text: string, site: string): { toggles: Toggles; problems: [] } | { toggles: null; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { toggles: null, problems: [`site \`${site}\`: the file is not valid JSON (${(error as Error).message})`] };
  }
  const parsed = z.safeParse(siteFileSchema, json, { error: en().localeError });
  if (parsed.success) return { toggles: parsed.data.plugins, problems: [] };
  return { toggles: null, problems: parsed.error.issues.map((issue) => `site \`${site}\`: ${issue.path.join('.') || '(file)'}: ${issue.message}`) };
}

/** The graph check of a site's toggles against the descriptors (server calls are not loaded, so not checked). */
export function checkToggles(installed: Installed, site: string, toggles: Toggles): GraphReport {
  return checkPlugins(installed.descriptors.map((d) => descriptorNode(d)), { name: site, plugins: toggles });
}

/** The descriptors in dependency order (requirements first), as the server orders plugins. */
export function inDependencyOrder(installed: Installed): PluginDescriptor[] {
  const byId = new Map(installed.descriptors.map((d) => [d.id, d]));
  return checkPlugins(installed.descriptors.map((d) => descriptorNode(d))).order.flatMap((id) => byId.get(id) ?? []);
}
