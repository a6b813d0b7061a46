/**
 * State several API nodes must share, so it lives in the database rather than in a process:
 * rate-limit attempts (they also survive a restart now) and the live site configuration when
 * the shop runs on PostgreSQL (kernel/server/site-store.ts).
 */
import type { Kysely } from 'kysely';
import type { Migration } from '../plugin';
import { withId } from './columns';

async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('kernel_rate_hit'))
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    /** Milliseconds since the epoch. */
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kernel_rate_hit_key').on('kernel_rate_hit').columns(['key', 'at']).execute();
  await db.schema.createIndex('kernel_rate_hit_at').on('kernel_rate_hit').column('at').execute();

  await db.schema
    .createTable('kernel_site')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    /** The site file's JSON, as `storefront site export` writes it. */
    .addColumn('body', 'text', (c) => c.notNull())
    /** Grows by one with every change; nodes poll it. */
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export const kernel002SharedState: Migration = { name: 'kernel_002_shared_state', up };
