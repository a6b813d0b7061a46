/** What operators read of the event outbox: deliveries not done yet (`storefront events`, `storefront doctor`). */
import type { Db } from './plugin';

export interface UndeliveredRow {
  eventId: number;
  name: string;
  subscriber: string;
  state: 'pending' | 'failed';
  attempts: number;
  /** Unix seconds: the next try (a pending delivery). */
  nextAt: number;
  lastError: string;
  /** Unix seconds. */
  emittedAt: number;
  payload: unknown;
}

/** Pending and failed deliveries (failed ones only with `failedOnly`), oldest event first, and how many there are in all. */
export async function undeliveredEvents(db: Db, options: { failedOnly?: boolean; limit?: number } = {}): Promise<{ rows: UndeliveredRow[]; total: number }> {
  const states = options.failedOnly ? (['failed'] as const) : (['pending', 'failed'] as const);
  const base = db.selectFrom('kernel_event_delivery as d').innerJoin('kernel_event as e', 'e.id', 'd.event_id').where('d.state', 'in', [...states]);
  const [rows, count] = await Promise.all([
    base
      .select(['d.event_id', 'e.name', 'd.subscriber', 'd.state', 'd.attempts', 'd.next_at', 'd.last_error', 'e.created_at', 'e.payload'])
      .orderBy('d.event_id')
      .orderBy('d.subscriber')
      .limit(options.limit ?? 100)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      eventId: Number(r.event_id),
      name: r.name,
      subscriber: r.subscriber,
      state: r.state as 'pending' | 'failed',
      attempts: Number(r.attempts),
      nextAt: Number(r.next_at),
      lastError: r.last_error,
      emittedAt: Number(r.created_at),
      payload: JSON.parse(r.payload) as unknown,
    })),
  };
}

/** How many deliveries are waiting and how many gave up (the metrics `event_deliveries_pending` and `_failed`). */
export async function deliveryCounts(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .selectFrom('kernel_event_delivery')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { pending: count('pending'), failed: count('failed') };
}
