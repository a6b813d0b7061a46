/** Rules every cash-out must hold against the ledger (checked by `storefront doctor`). */
import { ledgerRows } from '@kernel/server/services/ledger-reads';
import type { Invariant, LedgerRow } from '@kernel/server/plugin';
import { LEDGER_APPLY, LEDGER_REFUND } from './apply';
import { CASH_STATE } from './states';
import type {} from './tables';

/** A cash-out's money rows are booked with its id as the ref, to its shopper. */
const key = (userId: number, ref: string) => `${userId}:${ref}`;

/** The shopper's money rows booked for each cash-out under `reason`: how many, and their sum. */
function bookedBy(rows: readonly LedgerRow[], reason: string): Map<string, { count: number; sum: number }> {
  const booked = new Map<string, { count: number; sum: number }>();
  for (const row of rows) {
    if (row.reason !== reason) continue;
    const entry = booked.get(key(row.userId, row.ref)) ?? { count: 0, sum: 0 };
    booked.set(key(row.userId, row.ref), { count: entry.count + 1, sum: entry.sum + row.amount });
  }
  return booked;
}

export const cashInvariants: Invariant[] = [
  {
    id: 'held-once',
    description: 'every cash-out holds its amount with exactly one debit; only a rejected one has a refund, exactly one, of the same amount',
    async check(db) {
      const ledger = await ledgerRows(db, { reasons: [LEDGER_APPLY, LEDGER_REFUND], account: 'money' });
      const [debitsOf, refundsOf] = [bookedBy(ledger, LEDGER_APPLY), bookedBy(ledger, LEDGER_REFUND)];
      const rows = await db.selectFrom('cash_withdrawal').select(['id', 'user_id', 'state', 'amount']).orderBy('id').execute();
      const problems: string[] = [];
      for (const r of rows) {
        const amount = Number(r.amount);
        const none = { count: 0, sum: 0 };
        const debit = debitsOf.get(key(r.user_id, String(r.id))) ?? none;
        const refund = refundsOf.get(key(r.user_id, String(r.id))) ?? none;
        const rejected = r.state === CASH_STATE.rejected;
        const held = debit.count === 1 && debit.sum === -amount;
        const returned = rejected ? refund.count === 1 && refund.sum === amount : refund.count === 0;
        if (!held || !returned) {
          problems.push(`cash-out ${r.id} (state ${r.state}, amount ${amount}): ${debit.count} debits of ${debit.sum}, ${refund.count} refunds of ${refund.sum}`);
        }
      }
      return problems;
    },
  },
  {
    id: 'ledger-rows-have-cash-outs',
    description: 'every cash-out row of the ledger belongs to a cash-out of the same shopper',
    async check(db) {
      const cashOuts = await db.selectFrom('cash_withdrawal').select(['id', 'user_id']).execute();
      const known = new Set(cashOuts.map((c) => key(c.user_id, String(c.id))));
      const ledger = await ledgerRows(db, { reasons: [LEDGER_APPLY, LEDGER_REFUND] });
      return ledger
        .filter((r) => !known.has(key(r.userId, r.ref)))
        .map((r) => `ledger row ${r.id} (user ${r.userId}, ${r.reason}, ref ${r.ref}): no such cash-out of that user`);
    },
  },
];
