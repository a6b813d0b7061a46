import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawable, pickPrize, type Candidate } from './pick';

const prize = (id: number, weight: number, stock: number | null = null, enabled = true): Candidate => ({ id, weight, stock, enabled });

describe('pickPrize', () => {
  it('maps each ticket to the prize whose share of the total weight holds it', () => {
    const wheel = [prize(1, 1), prize(2, 3), prize(3, 6)];
    const picks = Array.from({ length: 10 }, (_, ticket) => pickPrize(wheel, () => ticket)?.id);
    expect(picks).toEqual([1, 2, 2, 2, 3, 3, 3, 3, 3, 3]);
  });

  it('never picks a prize that is switched off, used up or weighs nothing', () => {
    const wheel = [prize(1, 5, 0), prize(2, 5, null, false), prize(3, 0), prize(4, 1, 2)];
    for (let i = 0; i < 200; i++) expect(pickPrize(wheel, randomInt)?.id).toBe(4);
    expect(wheel.filter(drawable).map((p) => p.id)).toEqual([4]);
  });

  it('answers null when nothing can be drawn', () => {
    expect(pickPrize([prize(1, 5, 0), prize(2, 0)], () => 0)).toBeNull();
    expect(pickPrize([], () => 0)).toBeNull();
  });

  it('follows the weights over many draws', () => {
    const wheel = [prize(1, 1), prize(2, 9)];
    const counts = new Map<number, number>();
    for (let i = 0; i < 5000; i++) {
      const id = pickPrize(wheel, randomInt)!.id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // 10 % ± a generous margin: the source is random, the test must not be flaky.
    expect(counts.get(1)! / 5000).toBeGreaterThan(0.06);
    expect(counts.get(1)! / 5000).toBeLessThan(0.14);
  });

  it('refuses a random source that answers out of range', () => {
    expect(() => pickPrize([prize(1, 2)], () => 2)).toThrow(RangeError);
  });
});
