/**
 * Data invariants (DESIGN §3): rules the data must hold whatever happened, checked by
 * `storefront doctor`. The kernel's own: every balance equals the sum of its ledger rows and
 * the ledger's running balance ends where the account stands.
 */
import { sql } from 'kysely';
import type { Db, Invariant, ServerPlugin } from './plugin';

const ACCOUNTS = ['money', 'score'] as const;

export const kernelInvariants: Invariant[] = ACCOUNTS.map((account) => ({
  id: `${account}-equals-ledger`,
  description: `every user's ${account} equals the sum of their ${account} ledger rows`,
  async check(db: Db) {
    const rows = await db
      .selectFrom('kernel_user as u')
      .leftJoin('kernel_ledger as l', (join) => join.onRef('l.user_id', '=', 'u.id').on('l.account', '=', account))
      .select(['u.id', 'u.username', `u.${account} as balance`, sql<number>`coalesce(sum(l.amount), 0)`.as('booked')])
      .groupBy(['u.id', 'u.username', `u.${account}`])
      .having(sql`coalesce(sum(l.amount), 0)`, '!=', sql.ref(`u.${account}`))
      .execute();
    return rows.map((r) => `user ${r.id} (${r.username}): ${account} ${r.balance} ≠ ledger ${r.booked}`);
  },
}));

export interface InvariantResult {
  plugin: string;
  id: string;
  description: string;
  violations: string[];
  /** Set when the check itself failed (e.g. a table is missing). */
  error?: string;
}

/** Runs the kernel's invariants and those of the given plugins (enabled ones, in dependency order). */
export async function checkInvariants(db: Db, plugins: readonly ServerPlugin[]): Promise<InvariantResult[]> {
  const sources = [{ id: 'kernel', invariants: kernelInvariants }, ...plugins.map((p) => ({ id: p.id, invariants: p.invariants ?? [] }))];
  const results: InvariantResult[] = [];
  for (const source of sources) {
    for (const invariant of source.invariants) {
      const result: InvariantResult = { plugin: source.id, id: invariant.id, description: invariant.description, violations: [] };
      try {
        result.violations = await invariant.check(db);
      } catch (error) {
        result.error = (error as Error).message;
      }
      results.push(result);
    }
  }
  return results;
}
