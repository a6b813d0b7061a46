/**
 * What other server plugins may use of the auth plugin: the demo shopper a fresh site is seeded
 * with, so their own demo data (a delivery address, say) can belong to that account.
 */
export { DEMO_SHOPPER } from './seed';
