import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Rooms and messages. A shopper and a staff member share one room (unique pair). The indexes
 * serve each side's room list (newest first), a room's pages and catch-up by message id, and the
 * unread counts (messages to a user in a room that are not read).
 */
export const chat001Init: Migration = {
  name: 'chat_001_init',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('chat_room'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('staff_id', 'integer', (c) => c.notNull().references('kernel_user.id'))
      .addColumn('last_msg', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('last_msg_id', 'integer')
      .addColumn('updatetime', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addCheckConstraint('chat_room_two_parties', sql`user_id <> staff_id`)
      .execute();
    await db.schema.createIndex('chat_room_pair').on('chat_room').columns(['user_id', 'staff_id']).unique().execute();
    await db.schema.createIndex('chat_room_user').on('chat_room').columns(['user_id', 'updatetime']).execute();
    await db.schema.createIndex('chat_room_staff').on('chat_room').columns(['staff_id', 'updatetime']).execute();

    await withId(db, db.schema.createTable('chat_message'))
      .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_room.id'))
      .addColumn('from_user_id', 'integer', (c) => c.notNull())
      .addColumn('to_user_id', 'integer', (c) => c.notNull())
      .addColumn('msg', 'varchar(2000)', (c) => c.notNull())
      .addColumn('createtime', 'bigint', (c) => c.notNull())
      .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_read in (0, 1)`))
      .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('text'))
      .execute();
    await db.schema.createIndex('chat_message_room').on('chat_message').columns(['room_id', 'id']).execute();
    await db.schema.createIndex('chat_message_unread').on('chat_message').columns(['to_user_id', 'is_read', 'room_id']).execute();
  },
};
