/**
 * A site's config as a shop on PostgreSQL shares it between its nodes (the `kernel_site` row, see
 * kernel/server/site-store.ts), as `site export|import` and `doctor` reach it. On SQLite the site
 * file is the config itself and there is no such row to move. Loaded on demand: it reaches the
 * database drivers.
 */
import { listTables } from '@kernel/server/db-copy';
import type { Db } from '@kernel/server/plugin';
import { readStoredSite, type StoredSite } from '@kernel/server/site-store';
import { usageError } from './cli-error';
import type { DatabaseTarget } from './site-data';
import { siteFileLabel } from './sites';

export type PostgresTarget = Extract<DatabaseTarget, { kind: 'postgres' }>;

/** Refuses a SQLite target for `storefront site <command>`, saying where a shop on SQLite keeps its config. */
export function requirePostgres(target: DatabaseTarget, site: string, command: 'export' | 'import'): PostgresTarget {
  if (target.kind === 'postgres') return target;
  throw usageError(
    `\`storefront site ${command}\` moves a config between a site file and PostgreSQL, and site \`${site}\` is on SQLite (${target.label}), where ${siteFileLabel(site)} is the config itself: there is nothing to ${command}`,
    ['name the PostgreSQL database with --database-url postgres://… or $DATABASE_URL'],
  );
}

/** What the database holds for a site: its row, none yet, or no `kernel_site` table at all (migrations pending). */
export type StoredState = { kind: 'stored'; stored: StoredSite } | { kind: 'none'; others: string[] } | { kind: 'no-table' };

export async function storedStateOf(db: Db, site: string): Promise<StoredState> {
  if (!(await listTables(db)).includes('kernel_site')) return { kind: 'no-table' };
  const stored = await readStoredSite(db, site);
  if (stored) return { kind: 'stored', stored };
  const rows = await db.selectFrom('kernel_site').select('name').orderBy('name').execute();
  return { kind: 'none', others: rows.map((r) => r.name) };
}
