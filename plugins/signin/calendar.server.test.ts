/** The signin calendar (POST /api/signin/calendar): a month's days, the streak and what filling allows. */
import { describe, expect, it } from 'vitest';
import { signinServerPerFile } from './testing';

const { calendar, shopper, signOn } = signinServerPerFile();

describe('POST /api/signin/calendar', () => {
  it("shows this month: the days signed with their points, today, the streak, what each day gives and what is left to fill", async () => {
    const ann = await shopper({ score: 100 });
    await signOn(ann, '2025-04-30', '2025-05-01', '2025-05-02', '2025-05-13', '2025-05-14');
    const { body } = await calendar(ann);
    expect(body.code).toBe(1);
    const data = body.data;
    expect(data).toMatchObject({
      month: '2025-05',
      today: '2025-05-15',
      signed_today: false,
      streak: 2,
      today_points: 15,
      signed_days: 4,
      points: 10,
      bonuses: [
        { days: 3, points: 5 },
        { days: 7, points: 20 },
      ],
      fill: { allowed: true, cost: 20, limit: 3, left: 3 },
      score: 100 + 10 + 10 + 15 + 10 + 10,
    });
    expect(data.days).toHaveLength(31);
    const day = (n: number) => data.days[n - 1];
    // 30 April, 1 and 2 May: the 2nd was the 3rd day in a row.
    expect([day(1), day(2)]).toEqual([
      { date: '2025-05-01', state: 'signed', points: 10, fillable: false },
      { date: '2025-05-02', state: 'signed', points: 15, fillable: false },
    ]);
    // Filling the 3rd would make it the 4th day in a row; the 12th would join the 13th and 14th.
    expect(day(3)).toEqual({ date: '2025-05-03', state: 'missed', points: 10, fillable: true });
    expect(day(12)).toMatchObject({ state: 'missed', fillable: true });
    expect(day(15)).toEqual({ date: '2025-05-15', state: 'today', points: 15, fillable: false });
    // Signing every day from today: the 19th is the 7th day in a row.
    expect([day(16), day(19), day(20)].map((d) => [d.state, d.points])).toEqual([
      ['future', 10],
      ['future', 30],
      ['future', 10],
    ]);
  });

  it('shows an earlier month as it was, with nothing to fill', async () => {
    const ann = await shopper();
    await signOn(ann, '2025-04-29', '2025-04-30');
    const data = (await calendar(ann, '2025-04')).body.data;
    expect(data).toMatchObject({ month: '2025-04', today: '2025-05-15', signed_days: 2, streak: 0 });
    expect(data.days).toHaveLength(30);
    expect(data.days.filter((d) => d.fillable)).toEqual([]);
    expect(data.days.slice(27).map((d) => d.state)).toEqual(['missed', 'signed', 'signed']);
  });

  it('shows a month without sign-ins as empty', async () => {
    const ann = await shopper();
    const data = (await calendar(ann, '2025-03')).body.data;
    expect(data).toMatchObject({ signed_days: 0, streak: 0 });
    expect(new Set(data.days.map((d) => d.state))).toEqual(new Set(['missed']));
  });

  it('refuses a month that is not YYYY-MM, naming the field', async () => {
    const ann = await shopper();
    const { body } = await calendar(ann, '2025-5', 'en');
    expect(body).toMatchObject({ code: 0, data: { field: 'month' } });
    expect(body.msg).toContain('YYYY-MM');
  });
});
