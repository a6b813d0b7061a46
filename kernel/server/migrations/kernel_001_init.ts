/** The kernel's tables (kernel/server/database.ts). `kernel_migration` is the migrator's own. */
import { sql, type Kysely } from 'kysely';
import type { Migration } from '../plugin';
import { withId } from './columns';

async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('kernel_user'))
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('mobile', 'varchar(32)')
    .addColumn('avatar', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birthday', 'varchar(10)')
    .addColumn('money', 'bigint', (c) => c.notNull().defaultTo(0).check(sqlNonNegative('money')))
    .addColumn('score', 'bigint', (c) => c.notNull().defaultTo(0).check(sqlNonNegative('score')))
    .addColumn('motto', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('invite', 'varchar(16)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('kernel_user.id').onDelete('set null'))
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('jointime', 'bigint', (c) => c.notNull())
    .addColumn('joinip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('lastlogintime', 'bigint')
    .addColumn('lastloginip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  // NULLs never collide in a unique index (SQLite and PostgreSQL alike), so email and mobile stay optional.
  for (const column of ['username', 'email', 'mobile', 'invite']) {
    await db.schema.createIndex(`kernel_user_${column}_unique`).on('kernel_user').column(column).unique().execute();
  }
  await db.schema.createIndex('kernel_user_parent').on('kernel_user').column('parent_id').execute();

  await db.schema
    .createTable('kernel_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('family', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kernel_token_user').on('kernel_token').column('user_id').execute();
  await db.schema.createIndex('kernel_token_family').on('kernel_token').column('family').execute();

  await withId(db, db.schema.createTable('kernel_ledger'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
    .addColumn('account', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(64)', (c) => c.notNull())
    .addColumn('ref', 'varchar(128)', (c) => c.notNull())
    .addColumn('memo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kernel_ledger_idempotence')
    .on('kernel_ledger')
    .columns(['account', 'reason', 'ref'])
    .unique()
    .execute();
  await db.schema.createIndex('kernel_ledger_user').on('kernel_ledger').columns(['user_id', 'account', 'id']).execute();

  await withId(db, db.schema.createTable('kernel_code'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('event', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kernel_code_target').on('kernel_code').columns(['channel', 'target', 'created_at']).execute();
  await db.schema.createIndex('kernel_code_ip').on('kernel_code').columns(['ip', 'created_at']).execute();

  await withId(db, db.schema.createTable('kernel_outbox'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('kernel_upload'))
    .addColumn('user_id', 'integer', (c) => c.references('kernel_user.id').onDelete('set null'))
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('mime', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha1', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('kernel_seed')
    .addColumn('plugin', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('seeded_at', 'bigint', (c) => c.notNull())
    .execute();
}

// A CHECK is the last line of defence behind the ledger's conditional debit.
function sqlNonNegative(column: string) {
  return sql.raw(`${column} >= 0`);
}

export const kernel001Init: Migration = { name: 'kernel_001_init', up };
