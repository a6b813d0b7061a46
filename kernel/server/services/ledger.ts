/**
 * Money and points change only here, inside the caller's transaction: the balance update and
 * its ledger row commit together. Debits are conditional (`balance >= amount`) so no balance
 * goes negative under concurrent requests, and a repeated (account, reason, ref) books nothing.
 */
import { BizError } from '../../core/errors';
import type { Clock } from '../clock';
import type { LedgerEntry, ServerServices, Tx } from '../plugin';
import { ledgerBalance, ledgerHistory } from './ledger-reads';

const SHORT: Record<LedgerEntry['account'], string> = {
  money: 'kernel:message.balance_not_enough',
  score: 'kernel:message.score_not_enough',
};

export function createLedger(clock: Clock): ServerServices['ledger'] {
  const book = async (tx: Tx, entry: LedgerEntry, sign: 1 | -1): Promise<number> => {
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) {
      throw new RangeError(`ledger: amount must be a positive integer, got ${entry.amount} (${entry.reason} ${entry.ref})`);
    }
    const booked = await tx
      .selectFrom('kernel_ledger')
      .select('id')
      .where('account', '=', entry.account)
      .where('reason', '=', entry.reason)
      .where('ref', '=', entry.ref)
      .executeTakeFirst();
    if (booked) return ledgerBalance(tx, entry.userId, entry.account);

    const column = entry.account;
    let update = tx
      .updateTable('kernel_user')
      .set((eb) => (column === 'money' ? { money: eb('money', '+', sign * entry.amount) } : { score: eb('score', '+', sign * entry.amount) }))
      .where('id', '=', entry.userId);
    if (sign < 0) update = update.where(column, '>=', entry.amount);
    const updated = await update.returning(column).executeTakeFirst();
    if (!updated) {
      if (sign < 0 && (await tx.selectFrom('kernel_user').select('id').where('id', '=', entry.userId).executeTakeFirst())) {
        throw new BizError(SHORT[column]);
      }
      throw new Error(`ledger: user ${entry.userId} does not exist`);
    }
    const after = Number((updated as Record<string, number>)[column]);
    await tx
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
      .execute();
    return after;
  };

  return {
    credit: (tx, entry) => book(tx, entry, 1),
    debit: (tx, entry) => book(tx, entry, -1),
    balance: ledgerBalance,
    history: ledgerHistory,
  };
}
