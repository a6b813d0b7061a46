/**
 * `storefront plugin new <id>`: writes `plugins/<id>/` in the shape of the hand-written plugins
 * (the template in cli/scaffold) and enables it in a site. Every check runs first and every
 * problem is listed; when there is any, nothing is written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { defineCall, shape } from '@kernel/core/contract';
import { empty } from '@kernel/core/schemas';
import { BUILT_IN_COMMANDS } from '../built-ins';
import { CliError, usageError } from '../cli-error';
import { outputFor, siteOf, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import type { Output } from '../output';
import { MENU_SLOTS, isShellSlot, planPlugin, routeOf, writePlugin, type PlannedFile, type ShellSlot } from '../scaffold/generate';
import { pluginIdProblems } from '../scaffold/plugin-id';
import { readSiteText, setPluginEnabled, siteFileLabel, writeSiteText } from '../sites';
import { siteOption, jsonOption } from '../options';

interface NewOptions {
  slot: string;
  server: boolean;
  site?: string;
  enable: boolean;
  json?: boolean;
}

export function pluginNewCommand(ctx: CliContext): Command {
  return new Command('new')
    .description('create plugins/<id>/: descriptor, public surfaces, contract, page, store, service, migration, i18n and tests, then enable it')
    .argument('<id>', 'plugin id: 2–24 lower-case letters and digits, starting with a letter')
    .option('--slot <slot>', `menu slot for its entry: ${MENU_SLOTS.join(', ')}`, 'member.services')
    .option('--no-server', 'the browser side only: no server.ts, contract, service or migration')
    .addOption(siteOption('site to enable it in'))
    .option('--no-enable', 'enable it in no site')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      '\nExamples:\n  $ storefront plugin new wishlist\n  $ storefront plugin new notes --no-server --slot home.grid\n  $ storefront plugin new coupons --site shop2 --json',
    )
    .action((id: string, options: NewOptions) => {
      const output = outputFor(ctx, options);
      const site = options.enable ? siteOf(ctx, options) : null;
      const siteText = checkNewPlugin(ctx, id, options, site);
      const files = planPlugin({ id, slot: options.slot as ShellSlot, server: options.server });
      try {
        writePlugin(ctx.root, id, files);
      } catch (error) {
        // Another process created the folder since the check.
        if (fs.existsSync(path.join(ctx.root, 'plugins', id))) throw usageError(`plugins/${id} already exists`);
        throw error;
      }
      if (site && siteText !== null) writeSiteText(ctx.root, site, siteText);
      report(ctx, id, files, options, site, output);
    });
}

/** Every reason not to create the plugin, at once; the site file's new text when all is well. */
function checkNewPlugin(ctx: CliContext, id: string, options: NewOptions, site: string | null): string | null {
  const problems = pluginIdProblems(id, BUILT_IN_COMMANDS);
  const validId = problems.length === 0;
  if (validId && fs.existsSync(path.join(ctx.root, 'plugins', id))) problems.push(`plugins/${id} already exists`);
  if (validId && options.server) {
    const problem = callPathProblem(id);
    if (problem) problems.push(problem);
  }
  if (!isShellSlot(options.slot)) problems.push(`"${options.slot}" is not a menu slot; use one of: ${MENU_SLOTS.join(', ')}`);
  let siteText: string | null = null;
  if (site) {
    try {
      siteText = setPluginEnabled(readSiteText(ctx.root, site), id, true);
    } catch (error) {
      if (!(error instanceof CliError && error.exitCode === EXIT.usage)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length === 1) throw usageError(problems[0]);
  if (problems.length > 1) throw usageError(`plugin \`${id}\` was not created (${problems.length} problems):`, problems);
  return siteText;
}

/** The kernel's rule for call paths (kernel/core/contract.ts), asked rather than copied. */
function callPathProblem(id: string): string | null {
  try {
    defineCall({ path: `/api/${id}/list`, payload: empty(), reply: shape(), summary: '' });
    return null;
  } catch (error) {
    return `"${id}" cannot name the plugin's calls (${(error as Error).message}); choose another id, or use --no-server`;
  }
}

function report(ctx: CliContext, id: string, files: readonly PlannedFile[], options: NewOptions, site: string | null, output: Output) {
  const route = routeOf(id);
  const written = files.map((file) => `plugins/${id}/${file.path}`);
  output.success(`created plugin \`${id}\` in plugins/${id}/ (${files.length} files${options.server ? '' : ', browser side only'})`);
  for (const file of written) output.line(`  ${output.dim(file)}`);
  if (site) output.success(`enabled \`${id}\` in site \`${site}\` (${siteFileLabel(site)})`);
  else output.warn(`enabled in no site; switch it on with \`storefront plugin enable ${id} --site <name>\``);
  output.line();
  output.line(output.bold('Next steps'));
  const steps: [string, string][] = [
    [`npx vitest run plugins/${id}`, 'run its tests'],
    ['npm run build && npm start', `then open #${route}, or its entry in the ${options.slot} menu`],
  ];
  if (options.server) steps.push([`storefront ${id} list`, `its operator command (plugins/${id}/operator.ts)`]);
  const width = Math.max(...steps.map(([command]) => command.length));
  for (const [command, what] of steps) output.line(`  ${command.padEnd(width)}  ${output.dim(what)}`);
  output.result({ id, files: written, route, slot: options.slot, site, enabled: site !== null });
}
