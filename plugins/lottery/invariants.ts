/**
 * Rules the draws must hold (checked by `storefront doctor`): every draw that cost points has
 * exactly one debit of its cost, and every score or balance prize exactly one credit of its
 * amount, to the shopper who drew, in the right account; and no lottery booking without its draw.
 */
import { ledgerRows } from '@kernel/server/services/ledger-reads';
import type { Db, Invariant, LedgerRow } from '@kernel/server/plugin';
import { DRAW_REASON, PRIZE_REASON } from './draw';
import type {} from './tables';

const byRef = (rows: LedgerRow[]) => {
  const map = new Map<string, LedgerRow[]>();
  for (const row of rows) map.set(row.ref, [...(map.get(row.ref) ?? []), row]);
  return map;
};

const allDraws = (db: Db) => db.selectFrom('lottery_draw').select(['id', 'user_id', 'kind', 'amount', 'cost']).orderBy('id').execute();

export const lotteryInvariants: Invariant[] = [
  {
    id: 'draws-booked-once',
    description: "every draw's cost debited once and its score or balance prize credited once, to the shopper who drew",
    async check(db) {
      const debits = byRef(await ledgerRows(db, { reasons: [DRAW_REASON] }));
      const credits = byRef(await ledgerRows(db, { reasons: [PRIZE_REASON] }));
      const problems: string[] = [];
      for (const draw of await allDraws(db)) {
        const ref = String(draw.id);
        const paid = debits.get(ref) ?? [];
        const cost = Number(draw.cost);
        const paidRight = paid.length === 1 && paid[0].userId === draw.user_id && paid[0].account === 'score' && paid[0].amount === -cost;
        if (cost > 0 ? !paidRight : paid.length > 0) problems.push(`draw ${draw.id} (user ${draw.user_id}) costs ${cost} points but has ${paid.length} matching debits`);
        const won = credits.get(ref) ?? [];
        const account = draw.kind === 'score' ? 'score' : draw.kind === 'balance' ? 'money' : null;
        const wonRight = won.length === 1 && won[0].userId === draw.user_id && won[0].account === account && won[0].amount === Number(draw.amount);
        if (account ? !wonRight : won.length > 0) problems.push(`draw ${draw.id} (user ${draw.user_id}) won a ${draw.kind} prize of ${Number(draw.amount)} but has ${won.length} ledger credits`);
      }
      return problems;
    },
  },
  {
    id: 'no-booking-without-draw',
    description: 'every lottery debit and prize credit in the ledger belongs to a logged draw',
    async check(db) {
      const drawn = new Set((await allDraws(db)).map((draw) => String(draw.id)));
      const rows = await ledgerRows(db, { reasons: [DRAW_REASON, PRIZE_REASON] });
      return rows.filter((row) => !drawn.has(row.ref)).map((row) => `ledger row ${row.id} (user ${row.userId}, ${row.reason}) names draw ${row.ref}, which is not logged`);
    },
  },
];
