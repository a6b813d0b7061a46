/**
 * The bus over PostgreSQL's LISTEN/NOTIFY: every node of a shop holds one dedicated connection
 * that LISTENs on the shop's channel (named after its schema and site, so shops and test schemas
 * sharing a database never hear each other), and publishes with `pg_notify` on that same connection (through the
 * pool only while it is being opened again), so a publish never queues behind the requests for a pool connection.
 *
 * - **Order.** A node's messages go out one batch at a time, each batch one statement, so the
 *   others receive them in the order published. A sequence number in each keeps identical
 *   payloads of one batch apart (PostgreSQL folds duplicates within a transaction).
 * - **Own messages** come back on the node's own listening connection and are dropped: they were
 *   delivered locally when published.
 * - **Size.** NOTIFY refuses payloads of 8000 bytes or more. Such a message is delivered on this
 *   node only, and the refusal is logged with its topic and size: no message of the kernel comes
 *   near it (a chat text is at most 500 characters; presence lists are sent in chunks).
 * - **Gaps.** When the listening connection drops it is opened again, with a growing wait, and
 *   the drop is logged. What other nodes sent meanwhile is lost (NOTIFY keeps nothing for a
 *   session that is not listening); `onResume` listeners run once it listens again. What this
 *   node publishes while the database is unreachable is lost for the others too, and logged.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createSubscribers, newNodeId, type Bus, type BusLog } from './bus';
import type { PostgresTarget } from './db-postgres';
import type { Db } from './plugin';

/** NOTIFY's payload must be shorter than this many bytes (PostgreSQL's default build). */
export const NOTIFY_MAX_BYTES = 8000;
/** Messages sent in one statement at most. */
const BATCH = 200;
/** PostgreSQL truncates identifiers past 63 bytes. */
const MAX_IDENTIFIER = 63;

export interface PostgresBusOptions {
  db: Db;
  target: PostgresTarget;
  site: string;
  log: BusLog;
  node?: string;
  /** The first and the longest wait before opening the listening connection again (ms). */
  retry?: { firstMs: number; maxMs: number };
}

/** What travels in a notification. */
interface Envelope {
  /** Publishing node. */
  n: string;
  /** Its sequence number. */
  s: number;
  /** Topic. */
  t: string;
  /** Payload. */
  p: unknown;
}

/**
 * A notification's text as every node's bus reads it. `node` names the sender (a node ignores its
 * own); a sender that is no node (an emitting transaction's NOTIFY) is heard by every node.
 */
export const busMessage = (node: string, sequence: number, topic: string, payload: unknown): string =>
  JSON.stringify({ n: node, s: sequence, t: topic, p: payload } satisfies Envelope);

/** The channel of a site's bus: `storefront.<schema>.<site>`, or a digest of it when too long. */
export function busChannel(schema: string | null, site: string): string {
  const name = `storefront.${schema ?? 'public'}.${site}`;
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER) return name;
  return `storefront.${crypto.createHash('sha256').update(name).digest('hex').slice(0, 40)}`;
}

/** Resolves once the node listens; rejects when the first connection cannot be opened. */
export async function createPostgresBus(options: PostgresBusOptions): Promise<Bus> {
  const { db, target, log } = options;
  const node = options.node ?? newNodeId();
  const channel = busChannel(target.schema, options.site);
  const retry = options.retry ?? { firstMs: 100, maxMs: 5000 };
  const subscribers = createSubscribers(log);
  let closed = false;
  let listener: pg.Client | null = null;
  let reconnecting: Promise<void> | null = null;
  let cancelWait: (() => void) | null = null;

  const receive = (notification: pg.Notification) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(notification.payload ?? '') as Envelope;
    } catch {
      log.error(`bus: a notification on channel "${channel}" is not JSON; ignored: ${String(notification.payload).slice(0, 200)}`);
      return;
    }
    if (typeof envelope?.t !== 'string' || envelope.n === node) return;
    subscribers.deliver(envelope.t, envelope.p, envelope.n);
  };

  const listen = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: target.connectionString,
      application_name: `storefront bus ${node}`.slice(0, MAX_IDENTIFIER),
      // A silently dead connection (a dropped NAT entry) is noticed within a minute or so.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', receive);
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeAllListeners('end');
      client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  const lost = (client: pg.Client, error?: Error) => {
    if (closed || client !== listener) return;
    listener = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    log.error(
      `bus: the connection listening on "${channel}" dropped (${error?.message ?? 'closed by the server'}); opening it again. ` +
        'What other nodes send until then is lost to this node.',
    );
    reconnecting ??= reconnect().finally(() => (reconnecting = null));
  };

  const reconnect = async () => {
    const since = Date.now();
    for (let wait = retry.firstMs; !closed; wait = Math.min(wait * 2, retry.maxMs)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        cancelWait = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      cancelWait = null;
      if (closed) return;
      try {
        const client = await listen();
        if (closed) {
          await client.end().catch(() => undefined);
          return;
        }
        listener = client;
        log.info(`bus: listening on "${channel}" again after ${Date.now() - since} ms`);
        subscribers.resume();
        return;
      } catch (error) {
        log.error(`bus: listening on "${channel}" failed again (${(error as Error).message}); next try in ${Math.min(wait * 2, retry.maxMs)} ms`);
      }
    }
  };

  const NOTIFY_BATCH = 'select pg_notify($1, payload) from unnest($2::text[]) with ordinality as t(payload, position) order by position';
  // Published messages wait here; one batch at a time is in flight, which keeps them in order.
  const queue: string[] = [];
  let sending: Promise<void> | null = null;
  let sequence = 0;
  const pump = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH);
      try {
        // On the node's own listening connection while it is up: through the pool, a publish waited behind every
        // request of a crowd for a connection (a flash sale's pushes reached the other node seconds late).
        const own = listener;
        if (own) await own.query(NOTIFY_BATCH, [channel, batch]);
        else await sql`select pg_notify(${channel}, payload) from unnest(${batch}::text[]) with ordinality as t(payload, position) order by position`.execute(db);
      } catch (error) {
        log.error(`bus: ${batch.length} message(s) could not be sent to the other nodes (${(error as Error).message}); they are lost for them`);
      }
    }
  };

  listener = await listen();

  const bus: Bus = {
    node,
    publish(subject, payload) {
      subscribers.deliver(subject.name, payload, node);
      if (closed) return;
      const text = busMessage(node, ++sequence, subject.name, payload);
      const bytes = Buffer.byteLength(text);
      if (bytes >= NOTIFY_MAX_BYTES) {
        log.error(
          `bus: a "${subject.name}" message of ${bytes} bytes is over PostgreSQL's NOTIFY limit (${NOTIFY_MAX_BYTES} bytes); ` +
            'it was delivered on this node only, not to the other nodes',
        );
        return;
      }
      queue.push(text);
      sending ??= pump().finally(() => (sending = null));
    },
    subscribe: subscribers.subscribe,
    onResume: subscribers.onResume,
    async flush() {
      while (sending) await sending;
    },
    async close() {
      if (closed) return;
      await bus.flush();
      closed = true;
      cancelWait?.();
      await reconnecting;
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners('end');
        await client.end().catch(() => undefined);
      }
    },
  };
  return bus;
}
