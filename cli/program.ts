/**
 * The `storefront` program: one file per command under ./commands. A later issue adds more
 * (doctor, plugin new, outbox, operator commands of plugins); each is registered here.
 */
import { Command } from 'commander';
import { KERNEL_VERSION } from '@kernel/server/version';
import { seedCommand } from './commands/seed';
import { startCommand } from './commands/start';
import type { CliContext } from './context';

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('storefront')
    .description('Plugin-based storefront: serve, seed and operate a site')
    .version(KERNEL_VERSION)
    .showHelpAfterError();
  program.addCommand(startCommand(ctx));
  program.addCommand(seedCommand(ctx));
  return program;
}
