/** Rules every cash-out must hold against the ledger (checked by `storefront doctor`). */
import { sql } from 'kysely';
import type { Invariant } from '@kernel/server/plugin';
import { LEDGER_APPLY, LEDGER_REFUND } from './apply';
import { CASH_STATE } from './states';
import type {} from './tables';

/** The shopper's money rows booked for a cash-out under `reason`: how many, and their sum. */
const booked = (reason: string) => ({
  count: sql<number>`(select count(*) from kernel_ledger l where l.account = 'money' and l.reason = ${reason} and l.ref = cast(c.id as text) and l.user_id = c.user_id)`,
  sum: sql<number>`(select coalesce(sum(l.amount), 0) from kernel_ledger l where l.account = 'money' and l.reason = ${reason} and l.ref = cast(c.id as text) and l.user_id = c.user_id)`,
});

export const cashInvariants: Invariant[] = [
  {
    id: 'held-once',
    description: 'every cash-out holds its amount with exactly one debit; only a rejected one has a refund, exactly one, of the same amount',
    async check(db) {
      const apply = booked(LEDGER_APPLY);
      const refund = booked(LEDGER_REFUND);
      const rows = await db
        .selectFrom('cash_withdrawal as c')
        .select(['c.id', 'c.state', 'c.amount', apply.count.as('debits'), apply.sum.as('debited'), refund.count.as('refunds'), refund.sum.as('refunded')])
        .execute();
      const problems: string[] = [];
      for (const r of rows) {
        const amount = Number(r.amount);
        const [debits, debited, refunds, refunded] = [r.debits, r.debited, r.refunds, r.refunded].map(Number);
        const rejected = r.state === CASH_STATE.rejected;
        const held = debits === 1 && debited === -amount;
        const returned = rejected ? refunds === 1 && refunded === amount : refunds === 0;
        if (!held || !returned) {
          problems.push(`cash-out ${r.id} (state ${r.state}, amount ${amount}): ${debits} debits of ${debited}, ${refunds} refunds of ${refunded}`);
        }
      }
      return problems;
    },
  },
  {
    id: 'ledger-rows-have-cash-outs',
    description: 'every cash-out row of the ledger belongs to a cash-out of the same shopper',
    async check(db) {
      const rows = await db
        .selectFrom('kernel_ledger as l')
        .leftJoin('cash_withdrawal as c', (join) => join.on(sql`cast(c.id as text)`, '=', sql.ref('l.ref')).onRef('c.user_id', '=', 'l.user_id'))
        .select(['l.id', 'l.user_id', 'l.reason', 'l.ref'])
        .where('l.reason', 'in', [LEDGER_APPLY, LEDGER_REFUND])
        .where('c.id', 'is', null)
        .execute();
      return rows.map((r) => `ledger row ${r.id} (user ${r.user_id}, ${r.reason}, ref ${r.ref}): no such cash-out of that user`);
    },
  },
];
