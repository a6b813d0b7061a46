/** `storefront plugin …`: scaffold a plugin, list the installed ones, switch them on or off per site. */
import { Command } from 'commander';
import type { CliContext } from '../context';
import { pluginListCommand } from './plugin-list';
import { pluginNewCommand } from './plugin-new';
import { pluginToggleCommand } from './plugin-toggle';

export function pluginCommand(ctx: CliContext): Command {
  return new Command('plugin')
    .description('scaffold, list and toggle plugins')
    .addCommand(pluginNewCommand(ctx))
    .addCommand(pluginListCommand(ctx))
    .addCommand(pluginToggleCommand(ctx, 'enable'))
    .addCommand(pluginToggleCommand(ctx, 'disable'));
}
