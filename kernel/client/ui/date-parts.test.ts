import { describe, expect, it } from 'vitest';
import { composeDate, daysIn, lastDay, lastMonth, parseDate, pick } from './date-parts';

describe('date picker parts', () => {
  it('reads and writes YYYY-MM-DD, and nothing until all three parts are chosen', () => {
    expect(parseDate('1990-05-17')).toEqual({ year: '1990', month: '5', day: '17' });
    expect(parseDate('')).toEqual({ year: '', month: '', day: '' });
    expect(parseDate('17/05/1990')).toEqual({ year: '', month: '', day: '' });
    expect(composeDate({ year: '1990', month: '5', day: '7' })).toBe('1990-05-07');
    expect(composeDate({ year: '1990', month: '', day: '7' })).toBe('');
  });

  it('knows the days of each month, leap Februaries included', () => {
    expect([daysIn('2023', '2'), daysIn('2024', '2'), daysIn('1900', '2'), daysIn('2000', '2')]).toEqual([28, 29, 28, 29]);
    expect([daysIn('2024', '4'), daysIn('2024', '12'), daysIn('', '2'), daysIn('2024', '')]).toEqual([30, 31, 29, 31]);
  });

  it('moves a day the new month lacks to its last day', () => {
    expect(pick({ year: '2023', month: '1', day: '31' }, 'month', '2')).toEqual({ year: '2023', month: '2', day: '28' });
    expect(pick({ year: '2024', month: '2', day: '29' }, 'year', '2023')).toEqual({ year: '2023', month: '2', day: '28' });
    expect(pick({ year: '2024', month: '3', day: '15' }, 'month', '4')).toEqual({ year: '2024', month: '4', day: '15' });
  });

  it('offers no month or day after the last date allowed, and moves a later pick back to it', () => {
    const today = parseDate('2026-11-27');
    expect([lastMonth({ year: '2026', month: '', day: '' }, today), lastMonth({ year: '2025', month: '', day: '' }, today), lastMonth(today)]).toEqual([11, 12, 12]);
    expect([lastDay({ year: '2026', month: '11', day: '' }, today), lastDay({ year: '2026', month: '10', day: '' }, today), lastDay({ year: '2025', month: '11', day: '' }, today)]).toEqual([27, 31, 30]);
    expect(pick({ year: '', month: '12', day: '31' }, 'year', '2026', today)).toEqual({ year: '2026', month: '11', day: '27' });
    expect(pick({ year: '2026', month: '11', day: '' }, 'day', '30', today)).toEqual({ year: '2026', month: '11', day: '27' });
    expect(pick({ year: '2026', month: '10', day: '31' }, 'month', '11', today)).toEqual({ year: '2026', month: '11', day: '27' });
    expect(pick({ year: '2025', month: '12', day: '31' }, 'year', '2024', today)).toEqual({ year: '2024', month: '12', day: '31' });
  });
});
