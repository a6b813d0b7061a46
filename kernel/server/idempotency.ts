/**
 * Idempotent calls (`api.handle(call, handler, { idempotent: true })`, STYLE "Idempotent by design").
 * A payload's `request_key` is claimed per user and call, with a fingerprint of the payload, in
 * the transaction that runs the handler and stores its reply, so the effect and the stored reply
 * commit together or not at all:
 * - a repeat of a committed key answers the stored reply, the same `data` byte for byte;
 * - the same key with another payload is refused (`kernel:message.request_key_reused`);
 * - twins racing with one key: the second insert waits on the unique index for the first
 *   transaction; once it commits, the twin re-reads the stored reply, never a 500. If it rolls
 *   back (a refusal), the twin runs the handler itself;
 * - a refusal rolls the key back with everything else: the shopper fixes the form and resends.
 * The claim comes first and the stored reply is read only when it fails, so a first request (the
 * common case, and all of a flash sale's) costs no read; a call with `before` work reads first,
 * since that work must not run for a repeat.
 * Keys are kept a day (`KEEP_SECONDS`): an idempotent call sweeps older ones at most once a minute.
 */
import { createHash } from 'node:crypto';
import type { TransactionBuilder } from 'kysely';
import { BizError } from '../core/errors';
import type { Database } from './database';
import { readCommittedOf } from './db-postgres';
import { isSqlite } from './dialect';
import { statement } from './db-statement';
import { runWithLastWork, sqliteGroupOf } from './hot-transaction';
import type { Db, HandleOptions, Tx } from './plugin';

/** The payload field carrying the key (`requestKey()` in kernel/core/schemas.ts). */
export const REQUEST_KEY_FIELD = 'request_key';
export const KEEP_SECONDS = 86_400;
const SWEEP_EVERY_SECONDS = 60;
/** Claims that found the key taken and then no stored reply (it was swept meanwhile) before giving up. */
const ATTEMPTS = 3;

export interface IdempotentRequest {
  userId: number;
  path: string;
  key: string;
  /** The validated payload, key included (it is left out of the fingerprint). */
  payload: unknown;
  /** Unix seconds. */
  now: number;
  isolation?: HandleOptions['isolation'];
}

/** sha256 of the payload as canonical JSON (keys sorted at every level), without its request key. */
export function fingerprint(payload: unknown): string {
  const { [REQUEST_KEY_FIELD]: _key, ...rest } = (payload ?? {}) as Record<string, unknown>;
  return createHash('sha256').update(canonicalJson(rest)).digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object' || value instanceof Date) return JSON.stringify(value ?? null);
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + canonicalJson(value[i] ?? null);
    return `${out}]`;
  }
  // Keys in code-unit order (sort's own), undefined values left out, as JSON.stringify leaves them.
  out = '{';
  for (const key of Object.keys(value).sort()) {
    const inner = (value as Record<string, unknown>)[key];
    if (inner !== undefined) out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(inner)}`;
  }
  return `${out}}`;
}

const TAKEN = Symbol('the key is claimed by another request');
const lastSweep = new WeakMap<Db, number>();

/**
 * Runs `handler` once per request key: on a `Db` whose transactions are the one that claims the
 * key. Resolves with the reply as stored (JSON), for the first request and every repeat alike.
 * `before` runs outside that transaction when no stored reply answers (HandleOptions.before).
 */
export async function runOnce(db: Db, request: IdempotentRequest, handler: (db: Db) => Promise<unknown>, before?: () => Promise<void> | undefined): Promise<unknown> {
  await sweepExpired(db, request.now);
  const print = fingerprint(request.payload);
  if (before) {
    const earlier = await storedReply(db, request);
    if (earlier) return answer(earlier, print);
    await before();
  }
  if (isSqlite(db)) return runOnceAlone(db, request, print, handler);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // The handler's `lastBeforeCommit` work runs after the reply is stored (./hot-transaction.ts).
    const outcome = await runWithLastWork(begin(db, request.isolation), async (tx) => {
      // First, so a twin waits here on the unique index instead of doing the work as well.
      const [claimed] = (await claimKey(tx, { userId: request.userId, path: request.path, key: request.key, print, now: request.now })).rows;
      if (!claimed) return TAKEN;
      const reply = JSON.stringify((await handler(joining(tx))) ?? null);
      await storeReply(tx, { id: claimed.id, reply });
      return reply;
    });
    if (outcome !== TAKEN) return JSON.parse(outcome) as unknown;
    const earlier = await storedReply(db, request);
    if (earlier) return answer(earlier, print);
  }
  throw new BizError('kernel:message.request_key_busy');
}

/**
 * A call's refusal from memory (HandleOptions.refuseEarly), before `runOnce`: thrown unless the
 * key was seen before. A repeat (or a twin in flight) goes on to `runOnce`, which answers it with
 * the stored reply as always; so a shopper whose first try bought is never told "sold out" on a
 * retry. A first request, refused, costs one read and no write.
 */
export async function refuseUnlessRepeat(db: Db, request: IdempotentRequest, refuse: () => void): Promise<void> {
  try {
    refuse();
  } catch (error) {
    if (!(await storedReply(db, request))) throw error;
  }
}

/**
 * SQLite runs one transaction at a time (committed in groups, ./sqlite-group-commit.ts): no twin
 * can be half-way through its own while this one runs. So the key is looked up first (a read) and
 * written once, with the reply, at the end: a refusal writes nothing to roll back, and a first
 * request writes one row instead of a row and then its reply.
 */
async function runOnceAlone(db: Db, request: IdempotentRequest, print: string, handler: (db: Db) => Promise<unknown>): Promise<unknown> {
  const outcome = await runWithLastWork(sqliteGroupOf(db) ?? db.transaction(), async (tx) => {
    const earlier = await storedReply(tx, request);
    if (earlier) return earlier;
    const reply = JSON.stringify((await handler(joining(tx))) ?? null);
    await keyWithReply(tx, { userId: request.userId, path: request.path, key: request.key, print, reply, now: request.now });
    return reply;
  });
  return typeof outcome === 'string' ? (JSON.parse(outcome) as unknown) : answer(outcome, print);
}

// Compiled once (./db-statement.ts): they run on every idempotent request.
const keyWithReply = statement((db, a: { userId: number; path: string; key: string; print: string; reply: string; now: number }) =>
  db.insertInto('kernel_request').values({ user_id: a.userId, path: a.path, request_key: a.key, fingerprint: a.print, reply: a.reply, created_at: a.now }),
);
const claimKey = statement((db, a: { userId: number; path: string; key: string; print: string; now: number }) =>
  db
    .insertInto('kernel_request')
    .values({ user_id: a.userId, path: a.path, request_key: a.key, fingerprint: a.print, reply: null, created_at: a.now })
    .onConflict((oc) => oc.columns(['user_id', 'path', 'request_key']).doNothing())
    .returning('id'),
);
const storeReply = statement((db, a: { id: number; reply: string }) => db.updateTable('kernel_request').set({ reply: a.reply }).where('id', '=', a.id));

function begin(db: Db, isolation: HandleOptions['isolation']): TransactionBuilder<Database> {
  return (isolation === 'read committed' ? readCommittedOf(db)?.() : null) ?? db.transaction();
}

async function storedReply(db: Db | Tx, { userId, path, key }: IdempotentRequest) {
  return (await keyRow(db, { userId, path, key })).rows[0];
}
const keyRow = statement((db, a: { userId: number; path: string; key: string }) =>
  db.selectFrom('kernel_request').select(['fingerprint', 'reply']).where('user_id', '=', a.userId).where('path', '=', a.path).where('request_key', '=', a.key),
);

function answer(row: { fingerprint: string; reply: string | null }, print: string): unknown {
  if (row.fingerprint !== print) throw new BizError('kernel:message.request_key_reused');
  return JSON.parse(row.reply ?? 'null') as unknown;
}

/**
 * The handler's `ctx.db` inside the claiming transaction: every query goes to `tx`, and its own
 * `transaction()` (or `hotTransaction()`) joins `tx` rather than opening another one, which
 * Kysely cannot nest and which, on SQLite, would wait forever for the connection `tx` holds.
 */
export function joining(tx: Tx): Db {
  const joined: Record<string, unknown> = { execute: (fn: (tx: Tx) => Promise<unknown>) => fn(tx) };
  for (const setting of ['setIsolationLevel', 'setAccessMode']) joined[setting] = () => joined;
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'transaction') return () => joined;
      // Kysely's methods read private fields: call them on the transaction itself, not the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Db;
}

/** Removes keys older than a day; at most once a minute per database, outside any transaction. */
async function sweepExpired(db: Db, now: number): Promise<void> {
  if (now - (lastSweep.get(db) ?? -Infinity) < SWEEP_EVERY_SECONDS) return;
  lastSweep.set(db, now);
  await db.deleteFrom('kernel_request').where('created_at', '<', now - KEEP_SECONDS).execute();
}
