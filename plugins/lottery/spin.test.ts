import { describe, expect, it } from 'vitest';
import { slotAt, spinTo } from './spin';

describe('the wheel stops on the slot the server picked', () => {
  it('stops each slot under the pointer, from any starting angle, always turning forwards', () => {
    for (const start of [0, 22.5, 337.5, 1000, 4 * 360 + 90]) {
      for (let slot = 0; slot < 8; slot++) {
        const end = spinTo(start, slot, 6);
        expect(slotAt(end)).toBe(slot);
        expect(end - start).toBeGreaterThanOrEqual(6 * 360);
        expect(end - start).toBeLessThan(7 * 360);
      }
    }
  });

  it('stops in the middle of the segment', () => {
    expect(spinTo(0, 0, 0)).toBe(337.5);
    expect(spinTo(0, 2, 0)).toBe(247.5);
    expect(spinTo(0, 7, 1)).toBe(360 + 22.5);
  });

  it('without turns (reduced motion) moves at most one turn', () => {
    expect(spinTo(337.5, 0, 0)).toBe(337.5);
    expect(spinTo(337.5, 7, 0)).toBe(360 + 22.5);
  });

  it('reads the slot under the pointer', () => {
    expect([0, -1, -44.9, -45, 1, 45, 359].map(slotAt)).toEqual([0, 0, 0, 1, 7, 7, 0]);
  });
});
