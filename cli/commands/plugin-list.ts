/** `storefront plugin list`: every installed plugin, whether the site runs it, and what it contributes. */
import { Command } from 'commander';
import { outputFor, siteOf, type CliContext } from '../context';
import type { Project } from '../project';
import { siteOption, jsonOption } from '../options';

export interface PluginListing {
  id: string;
  version: string;
  enabled: boolean;
  core: boolean;
  requires: string[];
  routes: { path: string; auth: boolean }[];
  menu: { slot: string; id: string; to: string }[];
  calls: { path: string; method: string; auth: string }[];
  commands: string[];
  invariants: string[];
}

export function listPlugins(project: Project, enabled: ReadonlySet<string>): PluginListing[] {
  return project.registry.plugins.map((plugin) => {
    const descriptor = plugin.descriptor;
    return {
      id: plugin.id,
      version: plugin.version,
      enabled: enabled.has(plugin.id) || plugin.core === true,
      core: plugin.core === true,
      requires: [...(plugin.requires ?? [])],
      routes: (descriptor?.routes ?? []).map((r) => ({ path: r.path, auth: r.auth === true })),
      menu: (descriptor?.menu ?? []).map((m) => ({ slot: m.slot, id: m.id, to: m.to })),
      calls: project.registry.calls
        .filter((c) => c.plugin === plugin.id)
        .map((c) => ({ path: c.call.path, method: c.call.method ?? 'POST', auth: c.call.auth ?? 'none' })),
      commands: (plugin.commands ?? []).map((c) => c.command),
      invariants: (plugin.invariants ?? []).map((i) => i.id),
    };
  });
}

export function pluginListCommand(ctx: CliContext): Command {
  return new Command('list')
    .description('list installed plugins: version, enabled in the site, requires, routes, menu slots, calls')
    .addOption(siteOption())
    .addOption(jsonOption('the list'))
    .addHelpText('after', '\nExamples:\n  $ storefront plugin list\n  $ storefront plugin list --site shop2 --json | jq ".[] | select(.enabled) | .id"')
    .action(async (options: { site?: string; json?: boolean }) => {
      const output = outputFor(ctx, options);
      const site = siteOf(ctx, options);
      const { loadProject, readSite } = await import('../project');
      const project = await loadProject(ctx.root);
      const state = readSite(project, site);
      const enabled = new Set(Object.entries(state.toggles ?? {}).filter(([, e]) => e.enabled).map(([id]) => id));
      const plugins = listPlugins(project, enabled);
      output.result(plugins);

      output.line(`${output.bold(`${plugins.length} plugins`)} in site \`${site}\` (requirements first):`);
      for (const p of plugins) {
        const mark = p.enabled ? output.green('●') : output.dim('○');
        const state = p.core ? 'core' : p.enabled ? 'enabled' : 'disabled';
        output.line(`${mark} ${output.bold(p.id)} ${output.dim(p.version)}  ${p.enabled ? state : output.dim(state)}${p.requires.length ? `  requires ${p.requires.join(', ')}` : ''}`);
        const detail = (label: string, values: string[]) => {
          if (values.length > 0) output.line(`    ${output.dim(label.padEnd(8))} ${values.join(', ')}`);
        };
        detail('routes', p.routes.map((r) => r.path));
        detail('menu', p.menu.map((m) => `${m.slot} → ${m.to}`));
        detail('calls', p.calls.map((c) => (c.method === 'GET' ? `GET ${c.path}` : c.path)));
        detail('commands', p.commands.map((c) => `storefront ${c}`));
      }
      if (state.problems.length > 0) output.warn(`site \`${site}\` has problems; \`storefront doctor --site ${site}\` lists them`);
    });
}
