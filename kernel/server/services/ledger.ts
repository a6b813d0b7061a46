/**
 * Money and points change only here, inside the caller's transaction: the balance update and
 * its ledger row commit together. Debits are conditional (`balance >= amount`) so no balance
 * goes negative under concurrent requests, and a repeated (account, reason, ref) books nothing.
 * Both hold at READ COMMITTED (kernel/server/hot-transaction.ts) as well as SERIALIZABLE: the
 * update checks and writes the balance at once, and the ledger row is inserted against its unique
 * index (`on conflict do nothing`), so a racing booking of the same ref that committed first
 * makes this one take its balance change back instead of booking twice or failing.
 */
import { BizError } from '../../core/errors';
import type { Clock } from '../clock';
import type { LedgerEntry, ServerServices, Tx } from '../plugin';
import { ledgerBalance, ledgerHistory } from './ledger-reads';

const SHORT: Record<LedgerEntry['account'], string> = {
  money: 'kernel:message.balance_not_enough',
  score: 'kernel:message.score_not_enough',
};

const isBooked = async (tx: Tx, entry: LedgerEntry) =>
  (await tx.selectFrom('kernel_ledger').select('id').where('account', '=', entry.account).where('reason', '=', entry.reason).where('ref', '=', entry.ref).executeTakeFirst()) !== undefined;

export function createLedger(clock: Clock): ServerServices['ledger'] {
  const book = async (tx: Tx, entry: LedgerEntry, sign: 1 | -1): Promise<number> => {
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) {
      throw new RangeError(`ledger: amount must be a positive integer, got ${entry.amount} (${entry.reason} ${entry.ref})`);
    }
    const column = entry.account;
    const change = (amount: number) =>
      tx
        .updateTable('kernel_user')
        .set((eb) => (column === 'money' ? { money: eb('money', '+', amount) } : { score: eb('score', '+', amount) }))
        .where('id', '=', entry.userId);
    const conditional = sign < 0 ? change(-entry.amount).where(column, '>=', entry.amount) : change(entry.amount);
    const updated = await conditional.returning(column).executeTakeFirst();
    if (!updated) {
      if (await isBooked(tx, entry)) return ledgerBalance(tx, entry.userId, entry.account);
      if (sign < 0 && (await tx.selectFrom('kernel_user').select('id').where('id', '=', entry.userId).executeTakeFirst())) {
        throw new BizError(SHORT[column]);
      }
      throw new Error(`ledger: user ${entry.userId} does not exist`);
    }
    const after = Number((updated as Record<string, number>)[column]);
    const row = await tx
      .insertInto('kernel_ledger')
      .values({
        user_id: entry.userId,
        account: column,
        amount: sign * entry.amount,
        balance_after: after,
        reason: entry.reason,
        ref: entry.ref,
        memo: entry.memo ?? '',
        created_at: clock.nowSeconds(),
      })
      .onConflict((oc) => oc.columns(['account', 'reason', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      // Booked already (a repeat, or a racing booking of the same ref that committed first): undo.
      const undone = await change(-sign * entry.amount).returning(column).executeTakeFirstOrThrow();
      return Number((undone as Record<string, number>)[column]);
    }
    return after;
  };

  return {
    credit: (tx, entry) => book(tx, entry, 1),
    debit: (tx, entry) => book(tx, entry, -1),
    balance: ledgerBalance,
    history: ledgerHistory,
  };
}
