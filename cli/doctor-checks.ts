/**
 * What `storefront doctor` checks, one function per check, each returning every problem it finds
 * (never stopping at the first): manifests, the site file and plugin graph, operator commands,
 * migrations, data invariants and the port.
 */
import fs from 'node:fs';
import net from 'node:net';
import { Command } from 'commander';
import { openDatabase } from '@kernel/server/db';
import { checkInvariants } from '@kernel/server/invariants';
import { migrationSources } from '@kernel/server/migrate';
import type { Db } from '@kernel/server/plugin';
import { mountOperatorCommands } from './commands/operator';
import type { CliContext } from './context';
import type { Project, SiteState } from './project';

export interface Check {
  id: 'manifests' | 'site' | 'commands' | 'migrations' | 'invariants' | 'port';
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
  const mounted = plugins.flatMap((p) => (p.commands ?? []).map((c) => c.command.split(/\s+/).slice(0, 2).join(' ')));
  return { id: 'commands', title: 'operator commands of enabled plugins', problems, notes: mounted.length ? [`storefront ${mounted.join(', storefront ')}`] : [] };
}

export interface DatabaseChecks {
  migrations: Check;
  invariants: Check;
}

/** Pending migrations, then (when the schema is complete) every invariant of the kernel and the installed plugins. */
export async function checkDatabase(project: Project, file: string, label: string): Promise<DatabaseChecks> {
  const migrations: Check = { id: 'migrations', title: `migrations (${label})`, problems: [], notes: [] };
  const invariants: Check = { id: 'invariants', title: 'data invariants', problems: [], notes: [] };
  if (!fs.existsSync(file)) {
    migrations.notes.push(`no database yet: \`storefront start\` or \`storefront seed\` creates ${label}`);
    invariants.notes.push('skipped: no database');
    return { migrations, invariants };
  }
  const db = openDatabase(file);
  try {
    const applied = await appliedMigrations(db);
    const declared = migrationSources(project.registry.plugins).flatMap((s) => s.migrations.map((m) => ({ plugin: s.plugin, name: m.name })));
    const pending = declared.filter((m) => !applied.has(m.name));
    for (const m of pending) migrations.problems.push(`migration "${m.name}" of plugin \`${m.plugin}\` is pending (the next start applies it)`);
    const known = new Set(declared.map((m) => m.name));
    const orphans = [...applied].filter((name) => !known.has(name));
    if (orphans.length) migrations.notes.push(`applied by plugins no longer installed: ${orphans.join(', ')} (their data is kept)`);
    if (pending.length === 0) migrations.notes.push(`${declared.length} applied`);

    if (pending.length > 0) {
      invariants.notes.push('skipped until the pending migrations are applied');
      return { migrations, invariants };
    }
    const results = await checkInvariants(db, project.registry.plugins);
    for (const result of results) {
      const who = `\`${result.plugin}\` ${result.id}`;
      if (result.error) invariants.problems.push(`${who}: the check failed: ${result.error}`);
      for (const violation of result.violations.slice(0, 20)) invariants.problems.push(`${who} (${result.description}): ${violation}`);
      if (result.violations.length > 20) invariants.problems.push(`${who}: and ${result.violations.length - 20} more`);
    }
    invariants.title = `data invariants (${results.length} rules)`;
    return { migrations, invariants };
  } finally {
    await db.destroy();
  }
}

async function appliedMigrations(db: Db): Promise<Set<string>> {
  try {
    const rows = await db.selectFrom('kernel_migration').select('name').execute();
    return new Set(rows.map((r) => r.name));
  } catch {
    return new Set();
  }
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
