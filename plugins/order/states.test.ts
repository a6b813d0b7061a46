import { describe, expect, it } from 'vitest';
import { ACTIONS, next, STATUS, type OrderStatus } from './states';

const ALL = Object.values(STATUS) as OrderStatus[];

describe('order states', () => {
  it('moves placed → paid → shipped → received → completed', () => {
    expect(next(STATUS.placed, 'pay')).toBe(STATUS.paid);
    expect(next(STATUS.paid, 'ship')).toBe(STATUS.shipped);
    expect(next(STATUS.shipped, 'receive')).toBe(STATUS.received);
    expect(next(STATUS.received, 'complete')).toBe(STATUS.completed);
  });

  it('cancels placed and paid orders only; the deadline expires placed ones only', () => {
    expect(ALL.filter((s) => next(s, 'cancel') !== null)).toEqual([STATUS.placed, STATUS.paid]);
    expect(ALL.filter((s) => next(s, 'expire') !== null)).toEqual([STATUS.placed]);
  });

  it('refunds a paid, shipped, received or (by exception, staff) completed order, never an unpaid or cancelled one', () => {
    expect(ALL.filter((s) => next(s, 'refund') !== null)).toEqual([STATUS.paid, STATUS.shipped, STATUS.received, STATUS.completed]);
    expect(next(STATUS.shipped, 'refund')).toBe(STATUS.refunded);
  });

  it('keeps the wire numbers of the states, refunded added as 6', () => {
    expect(STATUS).toEqual({ cancelled: -1, placed: 1, paid: 2, shipped: 3, received: 4, completed: 5, refunded: 6 });
  });

  it('allows exactly eleven transitions, nothing out of a cancelled or refunded order and only a refund out of a completed one', () => {
    const allowed = ALL.flatMap((s) => ACTIONS.filter((a) => next(s, a) !== null).map((a) => `${s}:${a}`));
    expect(allowed).toEqual(['1:pay', '1:cancel', '1:expire', '2:cancel', '2:ship', '2:refund', '3:receive', '3:refund', '4:complete', '4:refund', '5:refund']);
    for (const action of ACTIONS) {
      expect(next(STATUS.cancelled, action)).toBeNull();
      expect(next(STATUS.refunded, action)).toBeNull();
      if (action !== 'refund') expect(next(STATUS.completed, action)).toBeNull();
    }
  });
});
