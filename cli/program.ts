/**
 * The `storefront` program: one file per command under ./commands, plus the operator commands
 * the site's enabled plugins contribute (commands/operator.ts).
 */
import fs from 'node:fs';
import { Command } from 'commander';
import { loadPlugins } from '@kernel/server/discover';
import { createRegistry } from '@kernel/server/registry';
import { parseSiteFile } from '@kernel/server/site-config';
import { KERNEL_VERSION } from '@kernel/server/version';
import { BUILT_IN_COMMANDS } from './built-ins';
import { devCommand } from './commands/dev';
import { doctorCommand } from './commands/doctor';
import { mountDisabledGroups, mountOperatorCommands, siteFromArgv } from './commands/operator';
import { outboxCommand } from './commands/outbox';
import { pluginCommand } from './commands/plugin';
import { seedCommand } from './commands/seed';
import { siteCommand } from './commands/site';
import { startCommand } from './commands/start';
import { userCommand } from './commands/user';
import type { CliContext } from './context';
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
  return configureTree(program, (command) => command.showHelpAfterError('(add --help for usage)'));
}

/**
 * The whole program for a command line: the built-ins plus, unless a built-in is asked for,
 * the operator commands of the plugins the site enables (loading plugins costs a moment).
 */
export async function createProgram(ctx: CliContext, argv: readonly string[]): Promise<Command> {
  const program = buildProgram(ctx);
  const first = argv.find((arg) => !arg.startsWith('-'));
  if (first && (BUILT_IN_COMMANDS as readonly string[]).includes(first) && first !== 'help') return program;
  const site = siteFromArgv(ctx, argv);
  const file = siteFilePath(ctx.root, site);
  if (!fs.existsSync(file)) return program;
  const discovery = await loadPlugins(ctx.root);
  const registry = createRegistry(discovery.plugins, discovery.problems);
  const { site: loaded } = parseSiteFile(fs.readFileSync(file, 'utf8'), site, registry);
  // An invalid site mounts no plugin commands; `storefront doctor` says why.
  if (!loaded) return program;
  const enabled = registry.plugins.filter((p) => loaded.enabled.includes(p.id));
  mountOperatorCommands(program, ctx, enabled, BUILT_IN_COMMANDS);
  mountDisabledGroups(program, registry.plugins.filter((p) => !loaded.enabled.includes(p.id)), site);
  return configureTree(program, (command) => command.showHelpAfterError('(add --help for usage)'));
}

/** Commander settings are not inherited through addCommand: apply them to the whole tree. */
export function configureTree(command: Command, apply: (command: Command) => void): Command {
  apply(command);
  for (const sub of command.commands) configureTree(sub, apply);
  return command;
}
