import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/** The recent password checks, one row per user (see ../tables.ts). */
export const security001Init: Migration = {
  name: 'security_001_init',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('security_password_check')
      .addColumn('user_id', 'integer', (c) => c.primaryKey())
      .addColumn('valid_until', 'bigint', (c) => c.notNull())
      .execute();
  },
};
