/**
 * A small migrator: the kernel's migrations first, then every discovered plugin's in dependency
 * order — enabled or not, so enabling a plugin later needs no migration step and disabling it
 * never drops data. Each migration runs in its own transaction with its `kernel_migration` row.
 */
import { sql, type Kysely } from 'kysely';
import { postgresOf, withExclusiveLock } from './dialect';
import { kernelMigrations } from './migrations';
import type { Db, Migration, ServerPlugin } from './plugin';
import { KERNEL_VERSION } from './version';

export interface MigrationSource {
  plugin: string;
  version: string;
  migrations: readonly Migration[];
}

export interface AppliedMigration {
  plugin: string;
  name: string;
}

/** The kernel plus the plugins, which must already be in dependency order. */
export function migrationSources(plugins: readonly ServerPlugin[]): MigrationSource[] {
  return [
    { plugin: 'kernel', version: KERNEL_VERSION, migrations: kernelMigrations },
    ...plugins.map((p) => ({ plugin: p.id, version: p.version, migrations: p.migrations ?? [] })),
  ];
}

/**
 * Several nodes may start at once on one PostgreSQL: they take turns (an advisory lock), and the
 * later ones find the work done.
 */
export async function migrate(db: Db, plugins: readonly ServerPlugin[], now: () => number = Date.now): Promise<AppliedMigration[]> {
  const sources = migrationSources(plugins);
  checkNames(sources);
  const schema = postgresOf(db)?.schema;
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db).catch(ignoreRace);
  return withExclusiveLock(db, 'storefront:migrate', (locked) => applyPending(locked, sources, now));
}

/** Two `create schema if not exists` at once: the loser sees the winner's row. */
const ignoreRace = (error: { code?: string }) => {
  if (error.code !== '23505' && error.code !== '42P06') throw error;
};

async function applyPending(db: Db, sources: MigrationSource[], now: () => number): Promise<AppliedMigration[]> {
  await db.schema
    .createTable('kernel_migration')
    .ifNotExists()
    .addColumn('plugin', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();

  const done = new Set((await db.selectFrom('kernel_migration').select('name').execute()).map((r) => r.name));
  const applied: AppliedMigration[] = [];
  for (const source of sources) {
    for (const migration of source.migrations) {
      if (done.has(migration.name)) continue;
      try {
        await db.transaction().execute(async (tx) => {
          await migration.up(tx as unknown as Kysely<unknown>);
          await tx
            .insertInto('kernel_migration')
            .values({
              plugin: source.plugin,
              name: migration.name,
              version: source.version,
              applied_at: Math.floor(now() / 1000),
            })
            .execute();
        });
      } catch (error) {
        throw new Error(`migration "${migration.name}" of plugin \`${source.plugin}\` failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push({ plugin: source.plugin, name: migration.name });
    }
  }
  return applied;
}

/** Names are global (one table records them), so each must carry its plugin's prefix and appear once. */
function checkNames(sources: readonly MigrationSource[]): void {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const { plugin, migrations } of sources) {
    for (const { name } of migrations) {
      if (!name.startsWith(`${plugin}_`)) {
        problems.push(`migration "${name}" of plugin \`${plugin}\` must be named "${plugin}_<number>_<what>"`);
      }
      const owner = seen.get(name);
      if (owner) problems.push(`migration "${name}" is declared by plugin \`${owner}\` and plugin \`${plugin}\``);
      seen.set(name, plugin);
    }
  }
  if (problems.length > 0) throw new Error(`migrations cannot run:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}
