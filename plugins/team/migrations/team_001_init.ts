import type { Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Bindings made after registration: by code (`/api/team/bind`, once) or by an operator
 * (`team rebind`), each a row, so a shopper's inviter is dated and every change is on record.
 * The binding itself is `kernel_user.parent_id`; one made at registration has no row here.
 */
export const team001Init: Migration = {
  name: 'team_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('team_binding'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('parent_id', 'integer', (c) => c.notNull())
      .addColumn('previous_id', 'integer')
      .addColumn('via', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_binding_user').on('team_binding').columns(['user_id', 'id']).execute();
  },
};
