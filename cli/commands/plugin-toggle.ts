/**
 * `storefront plugin enable|disable <id>`: edits only `plugins.<id>.enabled` in the site's JSON
 * (and, with --cascade, those of the plugins that must follow). A running server watches the
 * file and applies the change without a restart.
 */
import { Command } from 'commander';
import { CliError, usageError } from '../cli-error';
import { outputFor, siteOf, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { inDependencyOrder, installedOf, readToggles } from '../installed';
import { readSiteText, setPluginEnabled, siteFileLabel, writeSiteText } from '../sites';
import { planToggle } from '../toggle-plan';
import { siteOption, jsonOption } from '../options';

interface ToggleOptions {
  site?: string;
  cascade?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

export function pluginToggleCommand(ctx: CliContext, action: 'enable' | 'disable'): Command {
  const enable = action === 'enable';
  return new Command(action)
    .description(
      enable
        ? "switch a plugin on in a site (its requirements must be on, or --cascade turns them on)"
        : 'switch a plugin off in a site (plugins that need it must be off, or --cascade turns them off); its data is kept',
    )
    .argument('<id>', 'plugin id (folder name under plugins/)')
    .addOption(siteOption())
    .option('--cascade', enable ? 'also enable the plugins it requires' : 'also disable the plugins that require it')
    .option('--dry-run', 'show what would change, write nothing')
    .addOption(jsonOption())
    .addHelpText('after', `\nExamples:\n  $ storefront plugin ${action} goods\n  $ storefront plugin ${action} goods --site shop2 --cascade --dry-run`)
    .action(async (id: string, options: ToggleOptions) => {
      const output = outputFor(ctx, options);
      const site = siteOf(ctx, options);
      const installed = await installedOf(ctx);
      const text = readSiteText(ctx.root, site);
      const { toggles, problems } = readToggles(text, site);
      if (!toggles) {
        throw new CliError(`site \`${site}\` cannot be edited until its file is valid; \`storefront doctor --site ${site}\` lists why`, EXIT.environment, problems);
      }
      const nodes = inDependencyOrder(installed).map((p) => ({ id: p.id, requires: p.requires ?? [], core: p.core }));
      if (!nodes.some((n) => n.id === id)) {
        throw usageError(`plugin \`${id}\` is not installed; installed: ${nodes.map((n) => `\`${n.id}\``).join(', ')}`);
      }
      const enabled = new Set(Object.entries(toggles).filter(([, entry]) => entry.enabled).map(([pluginId]) => pluginId));
      const plan = planToggle(nodes, enabled, id, enable, { cascade: options.cascade === true, site });
      if (plan.problems.length > 0) throw new CliError(plan.problems[0], EXIT.refused, plan.problems.slice(1));

      const result = { site, file: siteFileLabel(site), dryRun: options.dryRun === true, changes: plan.changes };
      if (plan.changes.length === 0) {
        output.success(`plugin \`${id}\` is already ${enable ? 'enabled' : 'disabled'} in site \`${site}\`; nothing to change`);
        output.result(result);
        return;
      }
      const edited = plan.changes.reduce((current, change) => setPluginEnabled(current, change.id, change.enabled), text);
      if (!options.dryRun) writeSiteText(ctx.root, site, edited);

      const verb = enable ? 'enabled' : 'disabled';
      const [first, ...cascaded] = plan.changes;
      const prefix = options.dryRun ? output.yellow('would have ') : '';
      output.success(`${prefix}${verb} \`${first.id}\` in site \`${site}\` (${siteFileLabel(site)})`);
      if (cascaded.length > 0) output.line(`  ${prefix}also ${verb}: ${cascaded.map((c) => `\`${c.id}\``).join(', ')}`);
      if (options.dryRun) output.line(output.dim('  dry run: nothing was written'));
      else output.line(output.dim('  a running server applies this within a second, and open tabs follow'));
      output.result(result);
    });
}
