/**
 * Which migrations a database has applied and which are pending, per plugin — the kernel first,
 * then the installed plugins in dependency order, as the migrator runs them — for `db status`,
 * `db copy` and `doctor`.
 */
import { listTables } from '@kernel/server/db-copy';
import { migrationSources } from '@kernel/server/migrate';
import type { Db, ServerPlugin } from '@kernel/server/plugin';
import { CliError } from './cli-error';
import { EXIT } from './exit-codes';
import { loadProject } from './project';

export interface PluginMigrations {
  plugin: string;
  applied: string[];
  pending: string[];
}

export interface MigrationStatus {
  plugins: PluginMigrations[];
  applied: number;
  pending: number;
  /** Applied by plugins that are no longer installed: their data is kept. */
  orphans: string[];
}

/** The names in `kernel_migration`; none on a database no migration has touched. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  if (!(await listTables(db)).includes('kernel_migration')) return [];
  const rows = await db.selectFrom('kernel_migration').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}

export function migrationStatus(applied: readonly string[], plugins: readonly ServerPlugin[]): MigrationStatus {
  const done = new Set(applied);
  const sources = migrationSources(plugins);
  const perPlugin = sources.map(({ plugin, migrations }) => ({
    plugin,
    applied: migrations.filter((m) => done.has(m.name)).map((m) => m.name),
    pending: migrations.filter((m) => !done.has(m.name)).map((m) => m.name),
  }));
  const known = new Set(sources.flatMap((s) => s.migrations.map((m) => m.name)));
  return {
    plugins: perPlugin,
    applied: perPlugin.reduce((n, p) => n + p.applied.length, 0),
    pending: perPlugin.reduce((n, p) => n + p.pending.length, 0),
    orphans: applied.filter((name) => !known.has(name)),
  };
}

/** The installed plugins in the order the migrator takes them; refused while any of them is broken. */
export async function installedPlugins(root: string): Promise<readonly ServerPlugin[]> {
  const project = await loadProject(root);
  if (project.problems.length > 0) {
    throw new CliError(
      'the installed plugins have problems, so their migrations cannot run; fix these first (`storefront doctor` shows them all)',
      EXIT.environment,
      project.problems.map((p) => p.message),
    );
  }
  return project.registry.plugins;
}
