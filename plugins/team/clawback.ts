/**
 * Taking credited commission back through the ledger, in full: what the balance holds is debited
 * now; the rest is owed (`team_debt`) and taken from the next commission credited to that shopper
 * (`collectDebts`, called by the release). Never lost silently and never twice: the row moves from
 * "available" to "clawed" once, and each booking has its own ledger ref.
 */
import type { ServerServices, Tx } from '@kernel/server/plugin';
import type {} from './tables';

export const COMMISSION_REASON = 'team:ledger.commission';
export const CLAWBACK_REASON = 'team:ledger.clawback';
export const DEBT_REASON = 'team:ledger.debt';

/** Claws back commission `id` if it was credited; false when it was not (frozen, reversed or clawed already). */
export async function clawBack(tx: Tx, services: ServerServices, id: number, now: number): Promise<boolean> {
  const row = await tx.updateTable('team_commission').set({ state: 'clawed', clawed_at: now }).where('id', '=', id).where('state', '=', 'available').returning(['user_id', 'amount', 'order_no']).executeTakeFirst();
  if (!row) return false;
  const userId = Number(row.user_id);
  const amount = Number(row.amount);
  const take = Math.min(amount, await services.ledger.balance(tx, userId, 'money'));
  if (take > 0) await services.ledger.debit(tx, { userId, account: 'money', amount: take, reason: CLAWBACK_REASON, ref: `clawback:${id}`, memo: row.order_no });
  if (take < amount) await tx.insertInto('team_debt').values({ user_id: userId, commission_id: id, amount: amount - take, left: amount - take, created_at: now, settled_at: null }).execute();
  return true;
}

/** Takes what `userId` owes, oldest first, from their balance as far as it goes. */
export async function collectDebts(tx: Tx, services: ServerServices, userId: number, now: number): Promise<void> {
  const debts = await tx.selectFrom('team_debt').select(['id', 'left']).where('user_id', '=', userId).where('settled_at', 'is', null).orderBy('id').execute();
  let balance = debts.length > 0 ? await services.ledger.balance(tx, userId, 'money') : 0;
  for (const debt of debts) {
    const left = Number(debt.left);
    const take = Math.min(left, balance);
    if (take <= 0) break;
    // `left` only falls, so the booking's ref (the debt and what was left before it) never repeats.
    await services.ledger.debit(tx, { userId, account: 'money', amount: take, reason: DEBT_REASON, ref: `debt:${debt.id}:${left}` });
    const paid = await tx
      .updateTable('team_debt')
      .set({ left: left - take, settled_at: left - take === 0 ? now : null })
      .where('id', '=', Number(debt.id))
      .where('left', '=', left)
      .executeTakeFirst();
    // Another transaction took from it meanwhile: roll this one back (it runs again).
    if (Number(paid.numUpdatedRows) !== 1) throw new Error(`team debt ${debt.id} changed while being collected`);
    balance -= take;
  }
}
