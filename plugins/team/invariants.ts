/**
 * What `storefront doctor` checks of the team: nobody is their own inviter, at any depth; the
 * commission credited is what the ledger booked for it; what a clawback took and what is owed add
 * up to the commission taken back; and every owed amount is between nothing and what was owed,
 * paid off through the ledger, settled exactly when nothing is left.
 */
import { selfInviters } from '@kernel/server/invite-tree';
import type { Invariant } from '@kernel/server/plugin';
import { ledgerRows } from '@kernel/server/services/ledger-reads';
import { CLAWBACK_REASON, COMMISSION_REASON, DEBT_REASON } from './clawback';
import type {} from './tables';

/** Sums of `rows`' amounts by a key. */
function sumBy<T>(rows: readonly T[], key: (row: T) => string | number, amount: (row: T) => number): Map<string | number, number> {
  const sums = new Map<string | number, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + amount(row));
  return sums;
}

export const teamInvariants: Invariant[] = [
  {
    id: 'no-invite-cycle',
    description: 'no shopper is their own inviter, at any depth',
    async check(db) {
      return (await selfInviters(db)).map((id) => `user ${id} is their own inviter`);
    },
  },
  {
    id: 'commission-in-ledger',
    description: "every shopper's commission credited equals the ledger's commission rows",
    async check(db) {
      const credited = await db.selectFrom('team_commission').select(['user_id', 'amount']).where('released_at', 'is not', null).execute();
      const booked = await ledgerRows(db, { reasons: [COMMISSION_REASON], account: 'money' });
      const ours = sumBy(credited, (r) => Number(r.user_id), (r) => Number(r.amount));
      const ledger = sumBy(booked, (r) => r.userId, (r) => r.amount);
      const users = [...new Set([...ours.keys(), ...ledger.keys()])].sort((a, b) => Number(a) - Number(b));
      return users.filter((u) => (ours.get(u) ?? 0) !== (ledger.get(u) ?? 0)).map((u) => `user ${u}: commission credited ${ours.get(u) ?? 0} ≠ ledger ${ledger.get(u) ?? 0}`);
    },
  },
  {
    id: 'clawback-adds-up',
    description: 'for every commission taken back, what the ledger took plus what is owed equals the commission',
    async check(db) {
      const clawed = await db.selectFrom('team_commission').select(['id', 'amount']).where('state', '=', 'clawed').orderBy('id').execute();
      const taken = sumBy(await ledgerRows(db, { reasons: [CLAWBACK_REASON], account: 'money' }), (r) => r.ref, (r) => -r.amount);
      const owed = new Map((await db.selectFrom('team_debt').select(['commission_id', 'amount']).execute()).map((d) => [Number(d.commission_id), Number(d.amount)]));
      return clawed
        .map((c) => ({ id: Number(c.id), amount: Number(c.amount), taken: taken.get(`clawback:${c.id}`) ?? 0, owed: owed.get(Number(c.id)) ?? 0 }))
        .filter((c) => c.taken + c.owed !== c.amount)
        .map((c) => `commission ${c.id}: ${c.amount} taken back as ${c.taken} from the balance and ${c.owed} owed`);
    },
  },
  {
    id: 'owed-open',
    description: 'every owed amount is between nothing and what was owed, paid off through the ledger, and settled exactly when nothing is left',
    async check(db) {
      const debts = await db.selectFrom('team_debt').select(['id', 'amount', 'left', 'settled_at']).orderBy('id').execute();
      // A payment's ref is `debt:<id>:<left before it>`.
      const paid = sumBy(await ledgerRows(db, { reasons: [DEBT_REASON], account: 'money' }), (r) => r.ref.split(':')[1] ?? '', (r) => -r.amount);
      return debts
        .filter((d) => {
          const [amount, left] = [Number(d.amount), Number(d.left)];
          return left < 0 || left > amount || (left === 0) !== (d.settled_at !== null) || (paid.get(String(d.id)) ?? 0) !== amount - left;
        })
        .map((d) => `team debt ${d.id}: owed ${d.amount}, left ${d.left}, paid ${paid.get(String(d.id)) ?? 0}, ${d.settled_at === null ? 'open' : 'settled'}`);
    },
  },
];
