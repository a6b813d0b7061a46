/**
 * Durable events (kernel/server/events.ts): `kernel_event` is the outbox a transaction writes
 * its events to, `kernel_event_delivery` one row per event and subscriber, so each handler runs
 * once per event and a failing one is retried on its own.
 */
import type { Kysely } from 'kysely';
import type { Migration } from '../plugin';
import { withId } from './columns';

async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('kernel_event'))
    /** The event's id: `order.paid`. */
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    /** The payload as JSON. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('kernel_event_delivery')
    .addColumn('event_id', 'integer', (c) => c.notNull())
    /** `<plugin>/<name>` of the subscriber. */
    .addColumn('subscriber', 'varchar(150)', (c) => c.notNull())
    /** pending, done or failed. */
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Not before this unix second (the backoff after a failure). */
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('done_at', 'bigint')
    .addPrimaryKeyConstraint('kernel_event_delivery_pk', ['event_id', 'subscriber'])
    .execute();
  await db.schema.createIndex('kernel_event_delivery_due').on('kernel_event_delivery').columns(['state', 'next_at']).execute();
}

export const kernel003Events: Migration = { name: 'kernel_003_events', up };
