/**
 * Work on hot rows: the rows many shoppers change at the same moment (a SKU's stock, a coupon's
 * or a prize's stock, a balance). Every other transaction runs SERIALIZABLE on PostgreSQL and is
 * run again when PostgreSQL aborts it (kernel/server/db-postgres.ts); on one hot row that turns
 * into a storm of aborts and retries. Work run here is written to hold at READ COMMITTED instead:
 * - change a counter with a conditional update that checks and writes at once
 *   (`set stock = stock - n where id = ? and stock >= n`, then look at the rows updated), or
 * - read what the decision depends on with `forUpdate()` (`lockRows`), which makes the others
 *   wait for this commit rather than abort;
 * - never decide on a plain read of a row another transaction may be changing.
 * Only a deadlock, or a unique violation a few times, runs it again. SQLite runs one transaction
 * at a time: there it is a plain one, committed with those that arrived in the same turn of the
 * event loop (./sqlite-group-commit.ts).
 *
 *   await hotTransaction(ctx.db).execute(async (tx) => { … });
 *
 * A hot row is locked from its update to the commit, and the crowd queues on it for that long:
 * `lastBeforeCommit(tx, work)` runs `work` after everything else the transaction does (an
 * idempotent call's stored reply included), just before the commit.
 */
import { SqliteAdapter, type Kysely, type Transaction, type TransactionBuilder } from 'kysely';
import { readCommittedOf } from './db-postgres';
import type { Db } from './plugin';
import { groupCommitOf } from './sqlite-group-commit';

type Work = () => Promise<unknown>;

/** The work each open transaction runs last; only the transactions that run it are here. */
const lastWork = new WeakMap<object, Work[]>();
/** What each open transaction runs once it has committed. */
const committedWork = new WeakMap<object, (() => void)[]>();

/** Starts a transaction: `execute(fn)` runs `fn`, then the work `lastBeforeCommit` queued, then commits. */
export function hotTransaction<DB>(db: Kysely<DB>): Pick<TransactionBuilder<DB>, 'execute'> {
  const builder = readCommittedOf(db)?.() ?? sqliteGroupOf(db) ?? db.transaction();
  return { execute: (fn) => runWithLastWork(builder, fn) };
}

/**
 * On SQLite, the database's group committer (./sqlite-group-commit.ts); null on PostgreSQL, and
 * for a transaction (work in it joins it).
 */
export function sqliteGroupOf<DB>(db: Kysely<DB>): Pick<TransactionBuilder<DB>, 'execute'> | null {
  if (db.isTransaction || !(db.getExecutor().adapter instanceof SqliteAdapter)) return null;
  return groupCommitOf(db as unknown as Db) as unknown as Pick<TransactionBuilder<DB>, 'execute'>;
}

/**
 * `builder.execute(fn)` that also runs the work queued by `lastBeforeCommit`, after `fn` and
 * before the commit. A transaction another one joined (an idempotent call's, kernel/server/
 * idempotency.ts) leaves that work to the transaction that opened it.
 */
export async function runWithLastWork<DB, T>(builder: Pick<TransactionBuilder<DB>, 'execute'>, fn: (tx: Transaction<DB>) => Promise<T>): Promise<T> {
  // The attempt that commits says what runs after it (a deadlock's retry runs `fn` again).
  let committed: (() => void)[] = [];
  const result = await builder.execute(async (tx) => {
    if (lastWork.has(tx)) return fn(tx);
    const queue: Work[] = [];
    const after: (() => void)[] = [];
    lastWork.set(tx, queue);
    committedWork.set(tx, after);
    try {
      const value = await fn(tx);
      // One at a time, in the order queued; work may queue more.
      for (let i = 0; i < queue.length; i++) await queue[i]();
      committed = after;
      return value;
    } finally {
      lastWork.delete(tx);
      committedWork.delete(tx);
    }
  });
  for (const work of committed) {
    try {
      work();
    } catch {
      // The commit stands whatever this does: such work keeps its own failures (a push is best effort).
    }
  }
  return result;
}

/**
 * Runs `work` once `tx` has committed, never after a rollback: what may only be told once it is
 * true and needs no durability (a live push: a node that dies right after the commit loses it;
 * for what must happen, emit a durable event). Same transactions as `lastBeforeCommit`.
 */
export function afterCommit(tx: object, work: () => void): void {
  const queue = committedWork.get(tx);
  if (!queue) throw new Error('afterCommit: this transaction was not opened by hotTransaction() or an idempotent call, so nothing would run the work');
  queue.push(work);
}

/**
 * Runs `work` in `tx` after everything else it does, just before its commit: an update of a hot
 * row then holds its lock only for the commit. If `work` throws, the transaction rolls back as a
 * whole. `tx` must be a `hotTransaction`'s or an idempotent call's.
 */
export function lastBeforeCommit(tx: object, work: Work): void {
  const queue = lastWork.get(tx);
  if (!queue) throw new Error('lastBeforeCommit: this transaction was not opened by hotTransaction() or an idempotent call, so nothing would run the work');
  queue.push(work);
}

/** `select … for update` on PostgreSQL (`tx` is the hot transaction); SQLite has no row locks and needs none (one writer at a time). */
export function lockRows<Q extends { forUpdate(): Q }>(tx: { getExecutor(): { adapter: unknown } }, query: Q): Q {
  return tx.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate();
}
