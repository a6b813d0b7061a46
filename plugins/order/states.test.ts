import { describe, expect, it } from 'vitest';
import { next, STATUS, type OrderAction, type OrderStatus } from './states';

const ALL: OrderStatus[] = [-1, 1, 2, 3, 4, 5];
const ACTIONS: OrderAction[] = ['pay', 'cancel', 'expire', 'ship', 'receive', 'complete'];

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

  it('allows exactly six transitions and nothing out of a cancelled or completed order', () => {
    const allowed = ALL.flatMap((s) => ACTIONS.filter((a) => next(s, a) !== null).map((a) => `${s}:${a}`));
    expect(allowed).toEqual(['1:pay', '1:cancel', '1:expire', '2:cancel', '2:ship', '3:receive', '4:complete']);
    for (const action of ACTIONS) {
      expect(next(STATUS.cancelled, action)).toBeNull();
      expect(next(STATUS.completed, action)).toBeNull();
    }
  });
});
