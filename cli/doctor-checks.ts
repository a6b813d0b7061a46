/**
 * What `storefront doctor` checks, one function per check, each returning every problem it finds
 * (never stopping at the first): manifests, the site file and plugin graph, operator commands,
 * migrations, data invariants, on PostgreSQL whether the site file agrees with the config the
 * nodes share, and the port.
 */
import net from 'node:net';
import { Command } from 'commander';
import { checkInvariants } from '@kernel/server/invariants';
import { parseSiteFile } from '@kernel/server/site-config';
import { CliError } from './cli-error';
import { commandKey, mountOperatorCommands, parseCommandSpec } from './commands/operator';
import type { CliContext } from './context';
import { appliedMigrations, migrationStatus } from './migration-status';
import type { Project, SiteState } from './project';
import { databaseExists, withDatabase, type DatabaseTarget } from './site-data';
import { diffSiteTexts } from './site-diff';
import { siteFileLabel } from './sites';
import { storedStateOf } from './stored-site';

export interface Check {
  id: 'manifests' | 'site' | 'commands' | 'migrations' | 'invariants' | 'events' | 'shared-site' | 'port';
  title: string;
  problems: string[];
  /** What was found that is worth knowing but not wrong. */
  notes: string[];
}

export function checkManifests(project: Project): Check {
  return {
    id: 'manifests',
    title: `plugin manifests (${project.registry.plugins.length} installed)`,
    problems: project.problems.map((p) => p.message),
    notes: [],
  };
}

export function checkSite(state: SiteState, project: Project): Check {
  const structural = new Set(project.problems.map((p) => p.message));
  const enabled = state.report?.enabled ?? [];
  return {
    id: 'site',
    title: `site \`${state.name}\`: config schema and dependency graph`,
    problems: state.problems.map((p) => p.message).filter((m) => !structural.has(m)),
    notes: enabled.length > 0 ? [`enabled, in load order: ${enabled.join(', ')}`] : [],
  };
}

export function checkCommands(ctx: CliContext, project: Project, state: SiteState, builtIns: readonly string[]): Check {
  const enabled = new Set(state.report?.enabled ?? []);
  const plugins = project.registry.plugins.filter((p) => enabled.has(p.id));
  const scratch = new Command('storefront');
  for (const name of builtIns) scratch.addCommand(new Command(name));
  const problems = mountOperatorCommands(scratch, ctx, plugins, builtIns).map((p) => p.message);
  const mounted = plugins.flatMap((p) => (p.commands ?? []).flatMap((c) => {
    const spec = parseCommandSpec(c.command);
    return spec ? [commandKey(spec)] : [];
  }));
  return { id: 'commands', title: 'operator commands of enabled plugins', problems, notes: mounted.length ? [`storefront ${mounted.join(', storefront ')}`] : [] };
}

export interface DatabaseChecks {
  migrations: Check;
  invariants: Check;
}

/** Pending migrations, then (when the schema is complete) every invariant of the kernel and the installed plugins. */
export async function checkDatabase(project: Project, target: DatabaseTarget): Promise<DatabaseChecks> {
  const migrations: Check = { id: 'migrations', title: `migrations (${target.label})`, problems: [], notes: [] };
  const invariants: Check = { id: 'invariants', title: 'data invariants', problems: [], notes: [] };
  if (!databaseExists(target)) {
    migrations.notes.push(`no database yet: \`storefront start\` or \`storefront seed\` creates ${target.label}`);
    invariants.notes.push('skipped: no database');
    return { migrations, invariants };
  }
  try {
    await withDatabase(target, async (db) => {
      const status = migrationStatus(await appliedMigrations(db), project.registry.plugins);
      for (const { plugin, pending } of status.plugins) {
        for (const name of pending) migrations.problems.push(`migration "${name}" of plugin \`${plugin}\` is pending (the next start applies it)`);
      }
      if (status.orphans.length) migrations.notes.push(`applied by plugins no longer installed: ${status.orphans.join(', ')} (their data is kept)`);
      if (status.pending > 0) {
        invariants.notes.push('skipped until the pending migrations are applied');
        return;
      }
      migrations.notes.push(`${status.applied} applied`);
      const results = await checkInvariants(db, project.registry.plugins);
      for (const result of results) {
        const who = `\`${result.plugin}\` ${result.id}`;
        if (result.error) invariants.problems.push(`${who}: the check failed: ${result.error}`);
        for (const violation of result.violations.slice(0, 20)) invariants.problems.push(`${who} (${result.description}): ${violation}`);
        if (result.violations.length > 20) invariants.problems.push(`${who}: and ${result.violations.length - 20} more`);
      }
      invariants.title = `data invariants (${results.length} rules)`;
    });
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    migrations.problems.push([error.message, ...error.details].join('; '));
    invariants.notes.push('skipped: the database cannot be reached');
  }
  return { migrations, invariants };
}

/**
 * On PostgreSQL the nodes run the config stored in the database, not the site file: a file that
 * says otherwise misleads whoever reads or edits it. Null on SQLite, where the file is the config.
 */
export async function checkSharedSite(state: SiteState, project: Project, target: DatabaseTarget): Promise<Check | null> {
  if (target.kind !== 'postgres') return null;
  const file = siteFileLabel(state.name);
  const check: Check = { id: 'shared-site', title: `site \`${state.name}\`: ${file} and the config the nodes share`, problems: [], notes: [] };
  let stored: Awaited<ReturnType<typeof storedStateOf>>;
  try {
    stored = await withDatabase(target, (db) => storedStateOf(db, state.name));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    check.notes.push('skipped: the database cannot be reached');
    return check;
  }
  if (stored.kind !== 'stored') {
    check.notes.push(`the database holds no config for site \`${state.name}\` yet: the first node to start imports ${file}`);
    return check;
  }
  const { body, version } = stored.stored;
  const differences = diffSiteTexts({ names: ['the file', 'the database'], texts: [state.text, body] });
  if (differences.length === 0) {
    check.notes.push(`the file matches the database's (version ${version})`);
    return check;
  }
  const option = state.name === 'default' ? '' : ` --site ${state.name}`;
  check.problems.push(
    `${file} disagrees with the config the nodes run (version ${version} in the database): ${differences.join('; ')}. ` +
      `Run \`storefront site export${option}\` to take the database's, or \`storefront site import${option}\` to store the file's`,
  );
  // The site check has read the file; a stored text that no longer fits the plugins stops the next node.
  for (const problem of parseSiteFile(body, state.name, project.registry).problems) check.problems.push(`the database's config: ${problem.message}`);
  return check;
}

export function checkPort(port: number, host: string): Promise<Check> {
  const check: Check = { id: 'port', title: `port ${port} on ${host}`, problems: [], notes: [] };
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      check.problems.push(
        error.code === 'EADDRINUSE'
          ? `port ${port} on ${host} is in use (a running storefront?); choose another with --port or PORT`
          : `port ${port} on ${host} cannot be used: ${error.message}`,
      );
      resolve(check);
    });
    server.listen(port, host, () => {
      check.notes.push('free');
      server.close(() => resolve(check));
    });
  });
}
