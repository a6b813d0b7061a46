/**
 * `services.events`: emitting a durable event (kernel/server/events.ts) in the caller's
 * transaction. The event and one pending delivery per installed subscriber are written there, so
 * they commit with the move that caused them, or vanish with it; the delivery after the commit is
 * ./../events-delivery.ts's.
 */
import type { Clock } from '../clock';
import { statement } from '../db-statement';
import type { EventDef } from '../events';
import type { Tx } from './types';

export interface EventsDeps {
  clock: Clock;
  /** The delivery keys (`<plugin>/<name>`) of the installed subscribers of an event id. */
  subscribers(eventId: string): readonly string[];
  /** Runs in the emitting transaction: makes the deliverers hear of the event once it commits. */
  afterCommit(tx: Tx): Promise<void> | void;
}

/** Compiled once (../db-statement.ts): every order placed runs it. */
const insertEvent = statement((db, a: { name: string; payload: string; now: number }) =>
  db.insertInto('kernel_event').values({ name: a.name, payload: a.payload, created_at: a.now }).returning('id'),
);

export function createEvents(deps: EventsDeps) {
  return {
    async emit<P>(tx: Tx, event: EventDef<P>, payload: P): Promise<number> {
      const now = deps.clock.nowSeconds();
      const [row] = (await insertEvent(tx, { name: event.id, payload: JSON.stringify(payload ?? null), now })).rows;
      const keys = deps.subscribers(event.id);
      // An event nobody listens to is kept (the record of what happened) but wakes nobody.
      if (keys.length === 0) return row.id;
      await tx
        .insertInto('kernel_event_delivery')
        .values(keys.map((subscriber) => ({ event_id: row.id, subscriber, state: 'pending' as const, attempts: 0, next_at: now, last_error: '' })))
        .execute();
      await deps.afterCommit(tx);
      return row.id;
    },
  };
}
