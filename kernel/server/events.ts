/**
 * Durable events (DESIGN §5, "Events after commit"). An event is a value the emitting plugin
 * exports from its `public.ts`, carrying its payload's type:
 *
 *   export const orderPaid = defineEvent<OrderPaid>('order.paid');
 *   await ctx.services.events.emit(tx, orderPaid, { orderNo, userId, payAmount });   // in the move's transaction
 *
 * Emitting writes the event and one delivery row per subscriber in that transaction, so nothing
 * is delivered when it rolls back. After the commit the kernel hands it to each subscriber
 * (./events-delivery.ts), at least once: a subscriber declares itself in its server manifest,
 *
 *   subscribers: [subscribe(orderPaid, 'commission', async (payload, ctx) => { … ctx.tx … })],
 *
 * and its handler runs in a transaction of its own together with marking its delivery done, so
 * its writes happen once per event. A handler that throws is retried with backoff and never
 * undoes the move that emitted the event.
 */
import type { Clock } from './clock';
import type { Extensions, OperatorContext, ServerPlugin, Tx } from './plugin';

/** An event other plugins may subscribe to; `id` is `<plugin>.<what happened>`. */
export interface EventDef<P> {
  readonly id: string;
  /** Type only: never set. */
  readonly payload?: P;
}

export const defineEvent = <P>(id: string): EventDef<P> => ({ id });

/** What a handler gets: a job's context, with the transaction it must write in. */
export interface SubscriberContext<S = Record<string, unknown>> extends Omit<OperatorContext<S>, 'db'> {
  /** Write here: it commits with the delivery's "done" (the outer database waits for it on SQLite). */
  tx: Tx;
  clock: Clock;
  extensions: Extensions;
  /** The event's row: its id and when it was emitted (unix seconds). */
  event: { id: number; name: string; emittedAt: number };
  /** Another plugin's settings for the site, live (`{}` for a plugin without settings): a flash sale's, say. */
  settingsOf(plugin: string): Record<string, unknown>;
  log(message: string): void;
}

export interface Subscriber<S = Record<string, unknown>, P = unknown> {
  event: EventDef<P>;
  /** Unique within the plugin: `commission`. Deliveries are recorded under `<plugin>/<name>`. */
  name: string;
  handle(payload: P, ctx: SubscriberContext<S>): Promise<void> | void;
}

/** A subscriber with its payload typed by the event: `subscribe(orderPaid, 'commission', async (paid, ctx) => …)`. */
export const subscribe = <P, S = Record<string, unknown>>(
  event: EventDef<P>,
  name: string,
  handle: (payload: P, ctx: SubscriberContext<S>) => Promise<void> | void,
): Subscriber<S, P> => ({ event, name, handle });

/** A subscriber as the kernel delivers to it. */
export interface SubscriberEntry {
  plugin: ServerPlugin;
  subscriber: Subscriber;
  /** `<plugin>/<name>`: the delivery rows' `subscriber`. */
  key: string;
}

/**
 * Every installed plugin's subscribers, in load order (disabled plugins' too: their deliveries
 * wait). Throws at boot when a plugin names two subscribers alike: their deliveries would share a row.
 */
export function subscribersOf(plugins: readonly ServerPlugin[]): SubscriberEntry[] {
  const entries = plugins.flatMap((plugin) => (plugin.subscribers ?? []).map((subscriber) => ({ plugin, subscriber: subscriber as Subscriber, key: `${plugin.id}/${subscriber.name}` })));
  const seen = new Set<string>();
  const twice = entries.filter((e) => seen.has(e.key) || !seen.add(e.key)).map((e) => `plugin \`${e.plugin.id}\` declares the subscriber \`${e.subscriber.name}\` twice`);
  if (twice.length > 0) throw new Error(`${twice.join('; ')}: each subscriber of a plugin needs its own name`);
  return entries;
}

/** Tries before a delivery is `failed`; `storefront events retry` starts it over. */
export const MAX_ATTEMPTS = 10;

/** Seconds to wait after the `attempts`-th failure: 1, 2, 4 … capped at an hour. */
export const backoffSeconds = (attempts: number): number => Math.min(3600, 2 ** Math.max(0, attempts - 1));
