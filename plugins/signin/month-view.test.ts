import { describe, expect, it } from 'vitest';
import { monthView, type MonthInput } from './month-view';

const rules = { points: 10, streakBonus: { '3': 5, '7': 20 } };
const base: MonthInput = { month: '2025-05', today: '2025-05-15', joined: '2025-01-01', signed: [], carried: 0, streakToYesterday: 0, signedToday: false, rules, canFill: true };
const view = (input: Partial<MonthInput>) => monthView({ ...base, ...input });
const day = (days: ReturnType<typeof monthView>['days'], n: number) => days[n - 1];

describe('the month view', () => {
  it('marks signed and filled days with the points they gave', () => {
    const { days } = view({ signed: [{ date: '2025-05-01', kind: 'checkin', points: 15 }, { date: '2025-05-02', kind: 'fill', points: 10 }] });
    expect([day(days, 1), day(days, 2)]).toEqual([
      { date: '2025-05-01', state: 'signed', points: 15, fillable: false },
      { date: '2025-05-02', state: 'filled', points: 10, fillable: false },
    ]);
  });

  it("counts today's streak from yesterday's, and projects the days ahead as if signed every day", () => {
    const { days, streak } = view({ streakToYesterday: 1 });
    expect(streak).toBe(1);
    // Today is the 2nd in a row, the 16th the 3rd (bonus), the 20th the 7th (bonus).
    expect([15, 16, 17, 20, 21].map((n) => [day(days, n).state, day(days, n).points])).toEqual([
      ['today', 10],
      ['future', 15],
      ['future', 10],
      ['future', 30],
      ['future', 10],
    ]);
    expect(view({ streakToYesterday: 1, signedToday: true, signed: [{ date: '2025-05-15', kind: 'checkin', points: 10 }] }).streak).toBe(2);
  });

  it('offers the missed days of this month before today, at what filling them would give', () => {
    // The 1st carries a streak of 2 from April: filling it makes the 3rd day in a row; the 5th follows the 3rd and 4th.
    const { days } = view({ carried: 2, signed: [{ date: '2025-05-03', kind: 'checkin', points: 10 }, { date: '2025-05-04', kind: 'checkin', points: 10 }] });
    expect(day(days, 1)).toEqual({ date: '2025-05-01', state: 'missed', points: 15, fillable: true });
    expect(day(days, 2)).toEqual({ date: '2025-05-02', state: 'missed', points: 10, fillable: true });
    expect(day(days, 5)).toMatchObject({ points: 15 });
    expect(day(days, 14)).toMatchObject({ state: 'missed', points: 10, fillable: true });
    expect(view({ canFill: false }).days.filter((d) => d.fillable)).toEqual([]);
  });

  it('shows an earlier month with nothing to fill and a later one all ahead', () => {
    expect(view({ month: '2025-04' }).days.every((d) => d.state === 'missed' && !d.fillable)).toBe(true);
    expect(view({ month: '2025-06' }).days.every((d) => d.state === 'future')).toBe(true);
  });

  it('shows the days before the account was made as neither missed nor fillable', () => {
    const { days } = view({ joined: '2025-05-10' });
    expect(day(days, 9)).toEqual({ date: '2025-05-09', state: 'before', points: 0, fillable: false });
    expect(day(days, 1)).toMatchObject({ state: 'before', fillable: false });
    expect(day(days, 10)).toMatchObject({ state: 'missed', fillable: true });
    expect(day(days, 14)).toMatchObject({ state: 'missed', fillable: true });
    // Joined today: nothing earlier this month to miss.
    expect(view({ joined: '2025-05-15' }).days.filter((d) => d.state === 'missed')).toEqual([]);
    expect(view({ month: '2025-04', joined: '2025-05-10' }).days.every((d) => d.state === 'before')).toBe(true);
  });
});
