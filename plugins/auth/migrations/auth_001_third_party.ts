import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Third-party login: the identities bound to accounts (one account per identity, one identity per
 * platform per account: the unique indexes are the last word when two binds race), the identities
 * providers verified lately, by code, and the codes the offline `local` platform granted.
 */
export const auth001ThirdParty: Migration = {
  name: 'auth_001_third_party',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('auth_identity'))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('subject', 'varchar(128)', (c) => c.notNull())
      .addColumn('openid', 'varchar(128)', (c) => c.notNull())
      .addColumn('unionid', 'varchar(128)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_identity_provider_subject').on('auth_identity').columns(['provider', 'subject']).unique().execute();
    await db.schema.createIndex('auth_identity_provider_user').on('auth_identity').columns(['provider', 'user_id']).unique().execute();
    await db.schema.createIndex('auth_identity_user').on('auth_identity').column('user_id').execute();

    await db.schema
      .createTable('auth_third_ticket')
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('uuid_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('openid', 'varchar(128)', (c) => c.notNull())
      .addColumn('unionid', 'varchar(128)', (c) => c.notNull())
      .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
      .addColumn('avatar', 'varchar(512)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('auth_third_ticket_pk', ['provider', 'uuid_hash'])
      .execute();
    await db.schema.createIndex('auth_third_ticket_expiry').on('auth_third_ticket').column('expires_at').execute();

    await db.schema
      .createTable('auth_local_code')
      .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_local_code_expiry').on('auth_local_code').column('expires_at').execute();
  },
};
