import { describe, expect, it } from 'vitest';
import { bonusList, pointsFor, streakEnding } from './points';

const rules = { points: 10, streakBonus: { '7': 20, '3': 5, '5': 0 } };

describe('sign-in points', () => {
  it('gives the points per sign-in, plus the bonus on the 3rd and the 7th day in a row', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((streak) => pointsFor(streak, rules))).toEqual([10, 10, 15, 10, 10, 10, 30, 10]);
  });

  it('lists the bonuses by day, leaving out those worth nothing', () => {
    expect(bonusList(rules)).toEqual([
      { days: 3, points: 5 },
      { days: 7, points: 20 },
    ]);
  });
});

describe('streaks', () => {
  const signed = new Set(['2025-04-30', '2025-05-01', '2025-05-02', '2025-05-04']);

  it('counts consecutive signed days ending on a date, across a month boundary', () => {
    expect(streakEnding(signed, '2025-05-02')).toBe(3);
    expect(streakEnding(signed, '2025-05-04')).toBe(1);
    expect(streakEnding(signed, '2025-05-03')).toBe(0);
  });

  it('adds the streak that ran up to the first day it knows of', () => {
    const month = new Set(['2025-05-01', '2025-05-02']);
    expect(streakEnding(month, '2025-05-02', { from: '2025-05-01', carried: 6 })).toBe(8);
    expect(streakEnding(month, '2025-05-03', { from: '2025-05-01', carried: 6 })).toBe(0);
    expect(streakEnding(month, '2025-04-30', { from: '2025-05-01', carried: 6 })).toBe(6);
  });
});
