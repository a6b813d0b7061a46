import { describe, expect, it } from 'vitest';
import { CASH_STATE, MOVES, STATE_NAMES, UNPAID, stateKey, stateName } from './states';

describe('cash-out states', () => {
  it('goes pending → approved → paid, or pending → rejected', () => {
    expect(MOVES).toEqual({
      approve: { from: CASH_STATE.pending, to: CASH_STATE.approved },
      reject: { from: CASH_STATE.pending, to: CASH_STATE.rejected },
      pay: { from: CASH_STATE.approved, to: CASH_STATE.paid },
    });
  });

  it('counts pending and approved as unpaid: their card must stay', () => {
    expect(UNPAID).toEqual([0, 1]);
  });

  it('names each state, and its i18n key', () => {
    expect(STATE_NAMES).toEqual(['pending', 'approved', 'rejected', 'paid']);
    expect([0, 1, 2, 3].map(stateName)).toEqual(STATE_NAMES);
    expect(stateName(7)).toBeUndefined();
    expect(stateKey(2)).toBe('cash:state.rejected');
  });
});
