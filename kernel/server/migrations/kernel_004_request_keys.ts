/**
 * Request keys of idempotent calls (kernel/server/idempotency.ts): what a key already did, so a
 * repeat answers with it. The unique index is what settles two requests racing with one key.
 */
import type { Kysely } from 'kysely';
import type { Migration } from '../plugin';
import { withId } from './columns';

async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('kernel_request'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** The call's path: one key may serve one call of each kind. */
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    /** sha256 (hex) of the validated payload without its key. */
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    /** The reply's `data` as JSON; written in the transaction that claimed the key, so never seen empty. */
    .addColumn('reply', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kernel_request_key').on('kernel_request').columns(['user_id', 'path', 'request_key']).unique().execute();
  await db.schema.createIndex('kernel_request_created').on('kernel_request').column('created_at').execute();
}

export const kernel004RequestKeys: Migration = { name: 'kernel_004_request_keys', up };
