/** What `storefront doctor` checks of the address data. */
import type { Invariant } from '@kernel/server/plugin';
import type {} from './tables';

export const addressInvariants: Invariant[] = [
  {
    id: 'one-default-per-shopper',
    description: 'every shopper with addresses has exactly one default address',
    async check(db) {
      const rows = await db
        .selectFrom('address_address')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('addresses'), (eb) => eb.fn.sum<number>('is_default').as('defaults')])
        .groupBy('user_id')
        .execute();
      return rows
        .filter((row) => Number(row.defaults) !== 1)
        .map((row) => `user ${row.user_id}: ${Number(row.defaults)} default addresses among ${Number(row.addresses)}, expected 1`);
    },
  },
];
