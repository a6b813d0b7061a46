/**
 * The `storefront` program: one file per command under ./commands, plus the operator commands
 * the site's enabled plugins contribute (commands/operator.ts).
 */
import fs from 'node:fs';
import { Command } from 'commander';
import { KERNEL_VERSION } from '@kernel/server/version';
import { BUILT_IN_COMMANDS } from './built-ins';
import { dbCommand } from './commands/db';
import { devCommand } from './commands/dev';
import { doctorCommand } from './commands/doctor';
import { eventsCommand } from './commands/events';
import { mountDisabledGroups, mountOperatorCommands, operatorGroup, siteFromArgv } from './commands/operator';
import { outboxCommand } from './commands/outbox';
import { pluginCommand } from './commands/plugin';
import { seedCommand } from './commands/seed';
import { siteCommand } from './commands/site';
import { startCommand } from './commands/start';
import { userCommand } from './commands/user';
import { CliError } from './cli-error';
import type { CliContext } from './context';
import { EXIT } from './exit-codes';
import { checkToggles, installedOf, readToggles } from './installed';
import { siteFilePath } from './sites';

export { BUILT_IN_COMMANDS } from './built-ins';

/** The built-in commands. */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('storefront')
    .description('Plugin-based storefront: serve, scaffold, toggle and operate a site')
    .version(KERNEL_VERSION)
    .addHelpText('after', '\nEvery command has --help. Exit codes: 0 ok, 1 refused or problems found, 2 usage, 3 environment, 70 bug.');
  program.addCommand(startCommand(ctx));
  program.addCommand(devCommand(ctx));
  program.addCommand(seedCommand(ctx));
  program.addCommand(pluginCommand(ctx));
  program.addCommand(siteCommand(ctx));
  program.addCommand(doctorCommand(ctx));
  program.addCommand(userCommand(ctx));
  program.addCommand(outboxCommand(ctx));
  program.addCommand(eventsCommand(ctx));
  program.addCommand(dbCommand(ctx));
  return configureTree(program, (command) => command.showHelpAfterError('(add --help for usage)'));
}

/**
 * The whole program for a command line: the built-ins plus, unless a built-in is asked for, the
 * operator command groups of the plugins the site enables. Their names come from the descriptors
 * (quick); a group's commands are loaded from its plugin's server side only when it is the one
 * asked for (`storefront goods …`, `storefront help goods`).
 */
export async function createProgram(ctx: CliContext, argv: readonly string[]): Promise<Command> {
  const program = buildProgram(ctx);
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const asked = words[0] === 'help' ? words[1] : words[0];
  if (asked && (BUILT_IN_COMMANDS as readonly string[]).includes(asked)) return program;
  const site = siteFromArgv(ctx, argv);
  const file = siteFilePath(ctx.root, site);
  if (!fs.existsSync(file)) return program;
  const installed = await installedOf(ctx);
  const { toggles } = readToggles(fs.readFileSync(file, 'utf8'), site);
  // An invalid site mounts no plugin commands; `storefront doctor` says why.
  const report = toggles && checkToggles(installed, site, toggles);
  if (!report || report.problems.length > 0) return program;
  const withCommands = installed.descriptors.filter((d) => d.commands === true);
  const enabled = report.enabled.flatMap((id) => withCommands.filter((d) => d.id === id));
  for (const descriptor of enabled) {
    if (descriptor.id !== asked) {
      program.addCommand(operatorGroup(descriptor.id));
      continue;
    }
    const { loadPlugins } = await import('@kernel/server/discover');
    const { plugins, problems } = await loadPlugins(ctx.root, { only: [descriptor.id] });
    const plugin = plugins.find((p) => p.id === descriptor.id);
    if (!plugin) throw new CliError(`plugin \`${descriptor.id}\` cannot be loaded`, EXIT.environment, problems.map((p) => p.message));
    mountOperatorCommands(program, ctx, [plugin], BUILT_IN_COMMANDS);
  }
  mountDisabledGroups(program, withCommands.filter((d) => !report.enabled.includes(d.id)), site);
  return configureTree(program, (command) => command.showHelpAfterError('(add --help for usage)'));
}

/** Commander settings are not inherited through addCommand: apply them to the whole tree. */
export function configureTree(command: Command, apply: (command: Command) => void): Command {
  apply(command);
  for (const sub of command.commands) configureTree(sub, apply);
  return command;
}
