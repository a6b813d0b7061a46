/**
 * Operator commands of enabled plugins (DESIGN §3): each `commands` entry of a server manifest,
 * e.g. `goods stock <sku-id> <quantity>`, becomes `storefront goods stock <sku-id> <quantity>`
 * with `--site`, `--data-dir`, `--database-url` and `--json`, and the options its schema declares
 * (kernel/server/operator-options.ts). Which plugins are enabled depends on
 * the site, so the program reads `--site` from the command line before commander parses it.
 */
import { Command, Option } from 'commander';
import type { PluginDescriptor } from '@kernel/core/descriptor';
import { BizError } from '@kernel/core/errors';
import type { FastifyInstance } from 'fastify';
import { argumentsProblem, optionsOf, runCommand } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand, type OperatorContext, type ServerPlugin } from '@kernel/server/plugin';
import { CliError } from '../cli-error';
import { outputFor, siteOf, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { siteOption, dataDirOption, databaseUrlOption, jsonOption } from '../options';

export interface CommandSpec {
  group: string;
  /** A middle word grouping related commands: `seckill session add` has the topic `session`. */
  topic?: string;
  name: string;
  /** Commander argument syntax: `<order-no>`, `[reason]`. */
  args: string[];
}

const WORD = /^[a-z][a-z0-9-]*$/;

/**
 * `'order ship <order-no>'` → group, name and arguments; `'seckill goods add <session> <sku>'` has
 * a topic too (`goods`): two or three words, then the arguments. Null when it is not of that form.
 */
export function parseCommandSpec(spec: string): CommandSpec | null {
  const words = spec.trim().split(/\s+/);
  const firstArg = words.findIndex((word) => /^[<[]/.test(word));
  const names = firstArg === -1 ? words : words.slice(0, firstArg);
  const args = firstArg === -1 ? [] : words.slice(firstArg);
  if (names.length < 2 || names.length > 3 || !names.every((word) => WORD.test(word))) return null;
  if (!args.every((a) => /^(<[a-z][\w-]*(\.\.\.)?>|\[[a-z][\w-]*(\.\.\.)?\])$/i.test(a))) return null;
  const [group, ...rest] = names;
  return rest.length === 2 ? { group, topic: rest[0], name: rest[1], args } : { group, name: rest[0], args };
}

/** `group name` or `group topic name`: how a command is named in messages and told apart from the others. */
export const commandKey = (spec: CommandSpec) => [spec.group, spec.topic, spec.name].filter(Boolean).join(' ');

export interface MountProblem {
  plugin: string;
  message: string;
}

/**
 * Adds the operator commands of `plugins` (the site's enabled ones) to the program, each under
 * `storefront <plugin id> …`. A command that is malformed, declared twice, outside its plugin's
 * group or shadowing a built-in is left out and reported.
 */
export function mountOperatorCommands(program: Command, ctx: CliContext, plugins: readonly ServerPlugin[], builtIns: readonly string[]): MountProblem[] {
  const problems: MountProblem[] = [];
  const seen = new Set<string>();
  for (const plugin of plugins) {
    for (const command of (plugin.commands ?? []) as OperatorCommand[]) {
      const spec = parseCommandSpec(command.command);
      if (!spec) {
        problems.push({ plugin: plugin.id, message: `plugin \`${plugin.id}\` declares command "${command.command}", which is not "<group> [<topic>] <name> [<arg>…]"` });
        continue;
      }
      if (spec.group !== plugin.id) {
        problems.push({ plugin: plugin.id, message: `plugin \`${plugin.id}\` declares command "${command.command}": a plugin's commands live under \`storefront ${plugin.id} …\`` });
        continue;
      }
      if (builtIns.includes(spec.group)) {
        problems.push({ plugin: plugin.id, message: `plugin \`${plugin.id}\` declares command \`${spec.group} ${spec.name}\`, but \`${spec.group}\` is a built-in command` });
        continue;
      }
      const key = commandKey(spec);
      const argsProblem = argumentsProblem(command);
      if (argsProblem) {
        problems.push({ plugin: plugin.id, message: `plugin \`${plugin.id}\` declares command \`${key}\` with arguments that do not match their schema: ${argsProblem}` });
        continue;
      }
      if (seen.has(key)) {
        problems.push({ plugin: plugin.id, message: `plugin \`${plugin.id}\` declares command \`${key}\` twice` });
        continue;
      }
      seen.add(key);
      let group = program.commands.find((c) => c.name() === spec.group);
      if (!group) {
        group = operatorGroup(plugin.id);
        program.addCommand(group);
      }
      topicOf(group, spec.topic).addCommand(operatorCommand(ctx, plugin, command, spec));
    }
  }
  return problems;
}

/** Where a command goes: its group, or the group's topic command (made on first use). */
function topicOf(group: Command, topic: string | undefined): Command {
  if (!topic) return group;
  const existing = group.commands.find((c) => c.name() === topic);
  if (existing) return existing;
  const made = new Command(topic).description(`${topic} commands (\`storefront ${group.name()} ${topic} --help\`)`);
  group.addCommand(made);
  return made;
}

/** The command group `storefront <id> …` of a plugin's operator commands (filled when it is the one asked for). */
export const operatorGroup = (id: string): Command => new Command(id).description(`operator commands (plugin \`${id}\`)`);

function operatorCommand(ctx: CliContext, plugin: ServerPlugin, command: OperatorCommand, spec: CommandSpec): Command {
  const sub = new Command(spec.name).description(command.description);
  for (const arg of spec.args) sub.argument(arg);
  for (const option of optionsOf(command.options)) sub.addOption(new Option(option.flags, option.description).default(option.defaultValue));
  sub
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption());
  if (command.csv) sub.addOption(new Option('--csv', 'print the rows as CSV (UTF-8, for a spreadsheet)').conflicts('json'));
  return sub.action(async (...received: unknown[]) => {
    const args = received.slice(0, spec.args.length).map((a) => (Array.isArray(a) ? a.join(' ') : String(a ?? '')));
    const options = received[spec.args.length] as Record<string, unknown> & { site?: string; dataDir?: string; databaseUrl?: string; json?: boolean; csv?: boolean };
    const { withSiteApp } = await import('../site-app');
    const output = outputFor(ctx, options);
    const result = await withSiteApp(ctx, options, (app) => runOperator(app, plugin, command, args, options));
    if (options.csv && command.csv) {
      const rows = command.csv === true ? (result.data as readonly object[]) : command.csv(result.data);
      ctx.out((await import('../csv')).toCsv(rows).replace(/\r\n$/, ''));
      return;
    }
    for (const line of result.lines) output.line(line);
    output.result(result.data);
  });
}

/**
 * Hidden stand-ins for the command groups of disabled plugins, so `storefront goods …` on a site
 * without goods says why instead of "unknown command".
 */
export function mountDisabledGroups(program: Command, plugins: readonly PluginDescriptor[], site: string): void {
  for (const plugin of plugins) {
    if (plugin.commands !== true || program.commands.some((c) => c.name() === plugin.id)) continue;
    program.addCommand(
      new Command(plugin.id)
        .allowUnknownOption()
        .allowExcessArguments()
        .helpOption(false)
        .action(() => {
          throw new CliError(
            `\`${plugin.id}\` commands belong to plugin \`${plugin.id}\`, which is disabled in site \`${site}\`; \`storefront plugin enable ${plugin.id}${site === 'default' ? '' : ` --site ${site}`}\` turns them on`,
            EXIT.refused,
          );
        }),
      { hidden: true },
    );
  }
}

/**
 * Runs one command against an open site, its options (as commander hands them over) checked
 * against the command's schema first; refusals become CliErrors (exit 1) in English.
 */
export async function runOperator(app: FastifyInstance, plugin: ServerPlugin, command: OperatorCommand, args: string[], options: Record<string, unknown>) {
  const { db, services, site, i18n, extensions } = app.storefront;
  const t = (key: string, params?: Record<string, string | number>) => i18n.t('en', key, params);
  if (!site.isEnabled(plugin.id)) {
    throw new CliError(`plugin \`${plugin.id}\` is disabled in site \`${site.name}\`; its commands are off`, EXIT.refused);
  }
  const ctx: OperatorContext = {
    db,
    services,
    settings: site.settings(plugin.id),
    site: site.current().file.site,
    siteName: site.name,
    extensions,
    t,
  };
  try {
    return await runCommand(command, { args, options, ctx });
  } catch (error) {
    if (error instanceof OperatorError) throw new CliError(error.message, EXIT.refused);
    if (error instanceof BizError) throw new CliError(t(error.key, error.params), EXIT.refused);
    throw error;
  }
}

/** The site named on the command line (`--site x` or `--site=x`), before commander parses it. */
export function siteFromArgv(ctx: CliContext, argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--site' && argv[i + 1]) return argv[i + 1];
    if (argv[i].startsWith('--site=')) return argv[i].slice('--site='.length);
  }
  return siteOf(ctx, {});
}
