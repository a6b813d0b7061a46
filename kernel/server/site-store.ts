/**
 * The site configuration of a shop on PostgreSQL, shared by all its nodes through the
 * `kernel_site` table. The site file stays the single-node default and the import/export format:
 * - the first node to start with an empty table imports its file;
 * - every node polls the row's version and applies a change within POLL_MS;
 * - a valid edit of a node's file (by hand or by `storefront plugin enable`) is written to the
 *   table, and so reaches every node;
 * - each node mirrors the table back into its file, so the next CLI toggle on any node starts
 *   from the shared config (a read-only file is left as it is).
 * `storefront site export|import` move a config between the two by hand; `doctor` reports a file
 * that disagrees with the table.
 */
import fs from 'node:fs';
import type { Db } from './plugin';
import type { LoadedSite } from './site-config';

export const POLL_MS = 500;

export interface StoredSite {
  body: string;
  version: number;
}

export async function readStoredSite(db: Db, name: string): Promise<StoredSite | null> {
  return (await db.selectFrom('kernel_site').select(['body', 'version']).where('name', '=', name).executeTakeFirst()) ?? null;
}

/** Stores `body` as the site's config (a new version), creating the row when there is none. */
export async function storeSite(db: Db, name: string, body: string, now: number): Promise<StoredSite> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('kernel_site').select(['body', 'version']).where('name', '=', name).executeTakeFirst();
    if (row?.body === body) return row;
    const version = (row?.version ?? 0) + 1;
    if (row) await tx.updateTable('kernel_site').set({ body, version, updated_at: now }).where('name', '=', name).execute();
    else await tx.insertInto('kernel_site').values({ name, body, version, updated_at: now }).execute();
    return { body, version };
  });
}

/** The stored config, importing the site file first when the database holds none yet. */
export async function loadOrImportSite(db: Db, name: string, file: string, now: number): Promise<StoredSite & { imported: boolean }> {
  const stored = await readStoredSite(db, name);
  if (stored) return { ...stored, imported: false };
  const body = fs.readFileSync(file, 'utf8');
  // Two nodes starting on an empty table: the second finds the first's row.
  await db
    .insertInto('kernel_site')
    .values({ name, body, version: 1, updated_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return { ...(await readStoredSite(db, name))!, imported: true };
}

export interface SiteFollower {
  /** Checks the table now (the poll does it every POLL_MS). */
  check(): Promise<void>;
  close(): void;
}

export interface FollowOptions {
  db: Db;
  name: string;
  file: string;
  version: number;
  site: { apply(text: string): LoadedSite };
  log: { info(message: string): void; error(message: string): void };
}

/** Applies every new version of the stored config, and mirrors it into the node's file. */
export function followStoredSite(options: FollowOptions): SiteFollower {
  const { db, name, file, site, log } = options;
  let version = options.version;
  let checking: Promise<void> | null = null;
  const check = () =>
    (checking ??= (async () => {
      try {
        const stored = await readStoredSite(db, name);
        if (!stored || stored.version === version) return;
        version = stored.version;
        try {
          const loaded = site.apply(stored.body);
          log.info(`site \`${name}\` changed in the database (version ${version}): enabled plugins ${loaded.enabled.map((id) => `\`${id}\``).join(', ') || '(none)'}`);
        } catch (error) {
          log.error(`${(error as Error).message}\n  (the last good config of site \`${name}\` stays in use)`);
          return;
        }
        mirror(file, stored.body, log);
      } catch (error) {
        log.error(`reading site \`${name}\` from the database failed (retried in ${POLL_MS} ms): ${String(error)}`);
      } finally {
        checking = null;
      }
    })());
  const timer = setInterval(() => void check(), POLL_MS);
  timer.unref();
  return { check, close: () => clearInterval(timer) };
}

function mirror(file: string, body: string, log: { error(message: string): void }): void {
  try {
    if (fs.readFileSync(file, 'utf8') === body) return;
    fs.writeFileSync(`${file}.${process.pid}.tmp`, body);
    fs.renameSync(`${file}.${process.pid}.tmp`, file);
  } catch (error) {
    log.error(`the site file ${file} could not mirror the database (it stays as it is; \`storefront doctor\` reports the difference): ${(error as Error).message}`);
  }
}
