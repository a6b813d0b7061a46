/**
 * Rules card keys must hold (checked by `storefront doctor`): every used card was credited
 * exactly once, to the shopper who used it, by the batch's amount in its account; and no
 * card-key credit exists without a used card behind it.
 */
import { ledgerRows } from '@kernel/server/services/ledger-reads';
import type { Db, Invariant, LedgerRow } from '@kernel/server/plugin';
import { REDEEM_REASON } from './redeem';
import type {} from './tables';

/** The card-key credits of the ledger by ref (the card id as text: `ref` is a string column). */
async function creditsByCard(db: Db): Promise<Map<string, LedgerRow[]>> {
  const byRef = new Map<string, LedgerRow[]>();
  for (const row of await ledgerRows(db, { reasons: [REDEEM_REASON] })) byRef.set(row.ref, [...(byRef.get(row.ref) ?? []), row]);
  return byRef;
}

const usedCards = (db: Db) =>
  db
    .selectFrom('cdkey_card as c')
    .innerJoin('cdkey_batch as b', 'b.id', 'c.batch_id')
    .select(['c.id', 'c.card', 'c.used_by', 'b.kind', 'b.amount'])
    .where('c.used_by', 'is not', null)
    .orderBy('c.id')
    .execute();

export const cdkeyInvariants: Invariant[] = [
  {
    id: 'used-cards-credited-once',
    description: 'every used card has exactly one ledger credit: its user, its amount, its account',
    async check(db) {
      const credits = await creditsByCard(db);
      const problems: string[] = [];
      for (const card of await usedCards(db)) {
        const rows = credits.get(String(card.id)) ?? [];
        const account = card.kind === 'balance' ? 'money' : 'score';
        const matching = rows.filter((r) => r.userId === card.used_by && r.amount === Number(card.amount) && r.account === account).length;
        if (rows.length !== 1 || matching !== 1) {
          problems.push(`card ${card.card} (used by user ${card.used_by}): ${rows.length} credits, ${matching} matching its user, amount and account`);
        }
      }
      return problems;
    },
  },
  {
    id: 'no-credit-without-card',
    description: 'every card-key credit in the ledger belongs to a used card',
    async check(db) {
      const used = new Set((await usedCards(db)).map((card) => String(card.id)));
      const rows = await ledgerRows(db, { reasons: [REDEEM_REASON] });
      return rows.filter((r) => !used.has(r.ref)).map((r) => `ledger row ${r.id} (user ${r.userId}) credits card ${r.ref}, which is not a used card`);
    },
  },
];
