/**
 * Cash-out states and the moves between them: pending → approved → paid, or pending →
 * rejected (the held amount returns). Every move is a conditional update on the state it
 * leaves, so a repeated or racing review changes nothing twice.
 */

export const CASH_STATE = { pending: 0, approved: 1, rejected: 2, paid: 3 } as const;
export type CashStateName = keyof typeof CASH_STATE;
export type CashState = (typeof CASH_STATE)[CashStateName];

export const STATE_NAMES = Object.keys(CASH_STATE) as CashStateName[];

export const stateName = (state: number): CashStateName | undefined => STATE_NAMES.find((name) => CASH_STATE[name] === state);

export type CashMove = 'approve' | 'reject' | 'pay';

export const MOVES: Record<CashMove, { from: CashState; to: CashState }> = {
  approve: { from: CASH_STATE.pending, to: CASH_STATE.approved },
  reject: { from: CASH_STATE.pending, to: CASH_STATE.rejected },
  pay: { from: CASH_STATE.approved, to: CASH_STATE.paid },
};

/** States whose amount is still on its way to the bank account: the card they go to must stay. */
export const UNPAID: readonly CashState[] = [CASH_STATE.pending, CASH_STATE.approved];

/** The i18n key of a state's name (`cash:state.pending`). */
export const stateKey = (state: number): string => `cash:state.${stateName(state) ?? 'pending'}`;
