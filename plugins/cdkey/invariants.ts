/**
 * Rules card keys must hold (checked by `storefront doctor`): every used card was credited
 * exactly once, to the shopper who used it, by the batch's amount in its account; and no
 * card-key credit exists without a used card behind it.
 */
import { sql } from 'kysely';
import type { Invariant } from '@kernel/server/plugin';
import { REDEEM_REASON } from './redeem';
import type {} from './tables';

/** The ledger row's ref is the card id as text (`ref` is a string column). */
const cardRef = sql<string>`cast(c.id as varchar(32))`;
/** 1 for a ledger row that credits the card's user, amount and account. */
const matches = sql<number>`case when l.user_id = c.used_by and l.amount = b.amount and l.account = (case b.kind when 'balance' then 'money' else 'score' end) then 1 else 0 end`;

export const cdkeyInvariants: Invariant[] = [
  {
    id: 'used-cards-credited-once',
    description: 'every used card has exactly one ledger credit: its user, its amount, its account',
    async check(db) {
      const rows = await db
        .selectFrom('cdkey_card as c')
        .innerJoin('cdkey_batch as b', 'b.id', 'c.batch_id')
        .leftJoin('kernel_ledger as l', (join) => join.on('l.reason', '=', REDEEM_REASON).on('l.ref', '=', cardRef))
        .select([
          'c.card',
          'c.used_by',
          sql<number>`count(l.id)`.as('credits'),
          sql<number>`coalesce(sum(${matches}), 0)`.as('matching'),
        ])
        .where('c.used_by', 'is not', null)
        .groupBy(['c.id', 'c.card', 'c.used_by'])
        .having((eb) => eb.or([eb(sql`count(l.id)`, '!=', 1), eb(sql`coalesce(sum(${matches}), 0)`, '!=', 1)]))
        .execute();
      return rows.map((r) => `card ${r.card} (used by user ${r.used_by}): ${r.credits} credits, ${Number(r.matching)} matching its user, amount and account`);
    },
  },
  {
    id: 'no-credit-without-card',
    description: 'every card-key credit in the ledger belongs to a used card',
    async check(db) {
      const rows = await db
        .selectFrom('kernel_ledger as l')
        .leftJoin('cdkey_card as c', (join) => join.on('l.ref', '=', cardRef).on('c.used_by', 'is not', null))
        .select(['l.id', 'l.user_id', 'l.ref'])
        .where('l.reason', '=', REDEEM_REASON)
        .where('c.id', 'is', null)
        .execute();
      return rows.map((r) => `ledger row ${r.id} (user ${r.user_id}) credits card ${r.ref}, which is not a used card`);
    },
  },
];
