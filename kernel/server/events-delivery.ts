/**
 * Hands committed events to their subscribers (./events.ts), at least once, each handler's effect
 * once: a delivery is marked done in the very transaction its handler writes in, with a
 * conditional update on `pending`, so a second node (or a second turn) that reaches the same row
 * finds it done and does nothing. A handler that throws rolls back only its own transaction; the
 * delivery is tried again after 1 s, 2 s, 4 s … and is `failed` after MAX_ATTEMPTS, until
 * `storefront events retry` starts it over.
 *
 * When it runs: `storefront start` starts it with the jobs (`JobRunner.start`); it wakes when an
 * emitting transaction commits (on PostgreSQL a NOTIFY sent in that transaction, which every node
 * hears only at the commit; on SQLite a local wake whose first read waits for the transaction's
 * lock), and polls every POLL_SECONDS for retries and events other processes wrote. On several
 * nodes one delivers at a time (an advisory lock). Deliveries of a disabled plugin's subscribers
 * wait, untried, until it is enabled again.
 */
import { sql } from 'kysely';
import { busChannel, busMessage } from './bus-postgres';
import { topic, type Bus } from './bus';
import { postgresOf, shopLockName, skipped, unlessRunningElsewhere } from './dialect';
import { backoffSeconds, MAX_ATTEMPTS, subscribersOf, type SubscriberEntry } from './events';
import type { JobDeps } from './jobs';
import type { Db, Tx } from './plugin';

/** Heard by every node when a transaction that emitted commits. */
export const EVENTS_EMITTED = topic<null>('kernel.events.emitted');

const POLL_SECONDS = 2;
const BATCH = 100;
/**
 * An event is kept 30 days after it was emitted (the record of what happened, for `storefront
 * events`), then pruned with its deliveries once all of them are done: every order emits, so the
 * table would grow without bound. A pending or failed delivery keeps its event however old.
 */
export const KEEP_EVENT_SECONDS = 30 * 86_400;
const PRUNE_EVERY_SECONDS = 3600;

/** What the jobs get, and the bus that says when an emitting transaction committed. */
export interface EventDeliveryDeps extends Omit<JobDeps, 'events'> {
  bus: Bus;
}

/** How one delivery went when `retry` tried it. */
export interface RetryOutcome {
  subscriber: string;
  outcome: 'delivered' | 'failed' | 'waiting';
  /** The handler's error, or why it waits. */
  detail: string;
}

export interface EventDelivery {
  /** Delivers everything due now (one node at a time); how many deliveries were done. */
  deliverDue(): Promise<number>;
  /** Starts over the undelivered deliveries of one event (one subscriber's with `subscriber`) and tries them now. */
  retry(eventId: number, subscriber?: string): Promise<RetryOutcome[]>;
  /** Deletes the events older than KEEP_EVENT_SECONDS whose deliveries are all done; how many. */
  prune(): Promise<number>;
  /** Delivers after each emitting commit and every POLL_SECONDS; prunes hourly. */
  start(): void;
  /** Resolves once no turn started by `start` is running (tests: the next delivery is the one a commit wakes). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

interface DueRow {
  event_id: number;
  subscriber: string;
  attempts: number;
  name: string;
  payload: string;
  created_at: number | string;
}

/** What an emitting transaction runs so the deliverers hear of it once it commits (services.events' `afterCommit`). */
export function wakeAfterCommit(db: Db, site: string, bus: Bus): (tx: Tx) => Promise<void> {
  const target = postgresOf(db);
  if (!target) {
    // SQLite: one connection; the deliverer's first read queues behind this transaction's lock.
    return async () => {
      setImmediate(() => bus.publish(EVENTS_EMITTED, null));
    };
  }
  // PostgreSQL sends a NOTIFY at the commit (never on a rollback), to every node's bus, this one's
  // too: the sender `events` is no node.
  const channel = busChannel(target.schema, site);
  const envelope = busMessage('events', 0, EVENTS_EMITTED.name, null);
  return async (tx) => {
    await sql`select pg_notify(${channel}, ${envelope})`.execute(tx);
  };
}

export function createEventDelivery(deps: EventDeliveryDeps): EventDelivery {
  const { db, clock, site } = deps;
  const entries = new Map(subscribersOf(deps.plugins).map((entry) => [entry.key, entry]));
  const lockName = shopLockName(db, site.name, 'events');

  const enabledKeys = () => [...entries.values()].filter((e) => site.isEnabled(e.plugin.id)).map((e) => e.key);

  const contextFor = (entry: SubscriberEntry, tx: Tx, row: DueRow) => {
    const loaded = site.current();
    return {
      tx,
      services: deps.services,
      settings: loaded.settings.get(entry.plugin.id) ?? {},
      settingsOf: (plugin: string) => loaded.settings.get(plugin) ?? {},
      site: loaded.file.site,
      siteName: loaded.name,
      t: (key: string, params?: Record<string, string | number>) => deps.i18n.t('en', key, params),
      clock,
      extensions: deps.extensions,
      event: { id: row.event_id, name: row.name, emittedAt: Number(row.created_at) },
      log: (message: string) => deps.log.info(`event ${row.event_id} ${row.name} → ${entry.key}: ${message}`),
    };
  };

  /** One try of one delivery: its handler and its "done" commit together, or neither. */
  const attempt = async (row: DueRow): Promise<{ delivered: boolean; error?: string }> => {
    const entry = entries.get(row.subscriber);
    if (!entry) return { delivered: false, error: 'no installed plugin declares this subscriber' };
    try {
      const delivered = await db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('kernel_event_delivery')
          .set((eb) => ({ state: 'done', attempts: eb('attempts', '+', 1), done_at: clock.nowSeconds(), last_error: '' }))
          .where('event_id', '=', row.event_id)
          .where('subscriber', '=', row.subscriber)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        // Another node or turn got there first.
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await entry.subscriber.handle(JSON.parse(row.payload) as unknown, contextFor(entry, tx, row));
        return true;
      });
      return { delivered };
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      const message = (error as Error)?.message ?? String(error);
      // Counted once even if two nodes failed the same try.
      await db
        .updateTable('kernel_event_delivery')
        .set({ attempts, state: failed ? 'failed' : 'pending', next_at: clock.nowSeconds() + backoffSeconds(attempts), last_error: message.slice(0, 1000) })
        .where('event_id', '=', row.event_id)
        .where('subscriber', '=', row.subscriber)
        .where('state', '=', 'pending')
        .where('attempts', '=', Number(row.attempts))
        .execute();
      deps.log.error(
        `event ${row.event_id} ${row.name} → ${row.subscriber}: attempt ${attempts} failed (${failed ? `failed after ${attempts} attempts: \`storefront events retry ${row.event_id}\`` : `retried in ${backoffSeconds(attempts)} s`}): ${(error as Error)?.stack ?? message}`,
      );
      return { delivered: false, error: message };
    }
  };

  const due = (keys: string[]) =>
    db
      .selectFrom('kernel_event_delivery as d')
      .innerJoin('kernel_event as e', 'e.id', 'd.event_id')
      .select(['d.event_id', 'd.subscriber', 'd.attempts', 'e.name', 'e.payload', 'e.created_at'])
      .where('d.state', '=', 'pending')
      .where('d.next_at', '<=', clock.nowSeconds())
      .where('d.subscriber', 'in', keys)
      .orderBy('d.event_id')
      .orderBy('d.subscriber')
      .limit(BATCH)
      .execute();

  const pass = async (): Promise<number> => {
    let delivered = 0;
    for (;;) {
      const keys = enabledKeys();
      if (keys.length === 0) return delivered;
      const rows = await due(keys);
      let progressed = false;
      for (const row of rows) {
        const result = await attempt(row);
        if (result.delivered) delivered += 1;
        progressed ||= result.delivered;
      }
      // A full batch of failures would come back at once: wait for their backoff instead.
      if (rows.length < BATCH || !progressed) return delivered;
    }
  };

  const deliverDue = async () => {
    // A shop without subscribers has nothing to deliver: no lock, no read.
    if (entries.size === 0) return 0;
    const outcome = await unlessRunningElsewhere(db, lockName, pass);
    if (outcome === skipped) return 0;
    if (outcome > 0) deps.log.info(`events: delivered ${outcome}`);
    return outcome;
  };

  const prune = () =>
    db.transaction().execute(async (tx) => {
      const before = clock.nowSeconds() - KEEP_EVENT_SECONDS;
      await tx
        .deleteFrom('kernel_event_delivery')
        .where('event_id', 'in', (eb) =>
          eb
            .selectFrom('kernel_event as e')
            .select('e.id')
            .where('e.created_at', '<', before)
            .where((inner) => inner.not(inner.exists(inner.selectFrom('kernel_event_delivery as d').select('d.event_id').whereRef('d.event_id', '=', 'e.id').where('d.state', '!=', 'done')))),
        )
        .execute();
      // The deliveries went first: an event still with some has one that is not done.
      const deleted = await tx
        .deleteFrom('kernel_event')
        .where('created_at', '<', before)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('kernel_event_delivery as d').select('d.event_id').whereRef('d.event_id', '=', 'kernel_event.id'))))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    });

  let lastPrune = -Infinity;
  /** At most once an hour per process; every node may prune, as deleting twice deletes nothing more. */
  const pruneIfDue = async () => {
    if (clock.nowSeconds() - lastPrune < PRUNE_EVERY_SECONDS) return;
    lastPrune = clock.nowSeconds();
    const pruned = await prune();
    if (pruned > 0) deps.log.info(`events: pruned ${pruned} delivered more than ${KEEP_EVENT_SECONDS / 86_400} days ago`);
  };

  let started = false;
  let running: Promise<void> | null = null;
  let again = false;
  const stops: (() => void)[] = [];
  const kick = () => {
    if (!started) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pruneIfDue();
          await deliverDue();
        } catch (error) {
          deps.log.error(`events: a delivery turn failed (tried again at the next one): ${(error as Error)?.stack ?? String(error)}`);
        }
      } while (again && started);
    })().finally(() => (running = null));
  };

  return {
    deliverDue,
    prune,
    async retry(eventId, subscriber) {
      let query = db.selectFrom('kernel_event_delivery').select('subscriber').where('event_id', '=', eventId).where('state', '!=', 'done');
      if (subscriber) query = query.where('subscriber', '=', subscriber);
      const rows = await query.orderBy('subscriber').execute();
      const event = await db.selectFrom('kernel_event').select(['name', 'payload', 'created_at']).where('id', '=', eventId).executeTakeFirst();
      if (!event) return [];
      const outcomes: RetryOutcome[] = [];
      for (const { subscriber: key } of rows) {
        await db
          .updateTable('kernel_event_delivery')
          .set({ state: 'pending', attempts: 0, next_at: clock.nowSeconds(), last_error: '' })
          .where('event_id', '=', eventId)
          .where('subscriber', '=', key)
          .where('state', '!=', 'done')
          .execute();
        const entry = entries.get(key);
        if (!entry) {
          outcomes.push({ subscriber: key, outcome: 'waiting', detail: 'no installed plugin declares this subscriber' });
          continue;
        }
        if (!site.isEnabled(entry.plugin.id)) {
          outcomes.push({ subscriber: key, outcome: 'waiting', detail: `plugin \`${entry.plugin.id}\` is disabled in site \`${site.name}\`` });
          continue;
        }
        const result = await attempt({ event_id: eventId, subscriber: key, attempts: 0, ...event });
        outcomes.push(result.delivered ? { subscriber: key, outcome: 'delivered', detail: '' } : { subscriber: key, outcome: 'failed', detail: result.error ?? 'delivered elsewhere meanwhile' });
      }
      return outcomes;
    },
    start() {
      if (started) return;
      started = true;
      stops.push(deps.bus.subscribe(EVENTS_EMITTED, kick), deps.bus.onResume(kick));
      // A plugin switched back on gets what waited for it.
      stops.push(site.onChange(() => kick()));
      const timer = setInterval(kick, POLL_SECONDS * 1000);
      timer.unref();
      stops.push(() => clearInterval(timer));
      kick();
    },
    settled: async () => {
      while (running) await running;
    },
    async stop() {
      started = false;
      stops.splice(0).forEach((stop) => stop());
      await running;
    },
  };
}
