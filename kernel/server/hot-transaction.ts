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
 * Only a deadlock runs it again. SQLite runs one transaction at a time: there it is a plain one.
 *
 *   await hotTransaction(ctx.db).execute(async (tx) => { … });
 */
import { SqliteAdapter, type Kysely, type TransactionBuilder } from 'kysely';
import { readCommittedOf } from './db-postgres';

export function hotTransaction<DB>(db: Kysely<DB>): TransactionBuilder<DB> {
  return readCommittedOf(db)?.() ?? db.transaction();
}

/** `select … for update` on PostgreSQL (`tx` is the hot transaction); SQLite has no row locks and needs none (one writer at a time). */
export function lockRows<Q extends { forUpdate(): Q }>(tx: { getExecutor(): { adapter: unknown } }, query: Q): Q {
  return tx.getExecutor().adapter instanceof SqliteAdapter ? query : query.forUpdate();
}
