/**
 * Staff moves of a cash-out (operator commands): approve, reject with a reason, mark paid. Each
 * is a conditional update on the state it leaves; a rejection credits the held amount back in
 * the same transaction, so two reviews racing each other refund at most once.
 */
import type { Db, ServerServices } from '@kernel/server/plugin';
import { LEDGER_REFUND, ledgerMemo } from './apply';
import { MOVES, type CashMove, type CashState } from './states';

export type MoveResult = { moved: boolean; state: CashState } | null;

/** Moves cash-out `id` by `move`; null when there is no such cash-out, `moved: false` when its state does not allow it. */
export async function moveCash(db: Db, services: ServerServices, id: number, move: CashMove, reason = ''): Promise<MoveResult> {
  const { from, to } = MOVES[move];
  const now = services.clock.nowSeconds();
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('cash_withdrawal').select(['id', 'user_id', 'amount', 'bank', 'card_no']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const stamp = move === 'pay' ? { paid_at: now } : { reviewed_at: now };
    const updated = await tx
      .updateTable('cash_withdrawal')
      .set({ state: to, ...stamp, ...(move === 'reject' ? { reason } : {}) })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      // Read again: a review that raced this one may have moved it since the first read.
      const current = await tx.selectFrom('cash_withdrawal').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      return { moved: false, state: current.state };
    }
    if (move === 'reject') {
      await services.ledger.credit(tx, { userId: row.user_id, account: 'money', amount: Number(row.amount), reason: LEDGER_REFUND, ref: String(row.id), memo: ledgerMemo(row) });
    }
    return { moved: true, state: to };
  });
}
