import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween, daysOfMonth, isDate, monthOf, weekday } from './dates';

describe('business dates', () => {
  it('adds days across months and years', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('counts the days between two dates', () => {
    expect(daysBetween('2025-05-01', '2025-05-08')).toBe(7);
    expect(daysBetween('2025-05-08', '2025-05-01')).toBe(-7);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
  });

  it('moves by months and lists the days of one', () => {
    expect(addMonths('2025-01', -1)).toBe('2024-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(daysOfMonth('2025-02')).toHaveLength(28);
    expect(daysOfMonth('2024-02').at(-1)).toBe('2024-02-29');
    expect(daysOfMonth('2025-05')[0]).toBe('2025-05-01');
    expect(monthOf('2025-05-17')).toBe('2025-05');
  });

  it('knows real dates from date-shaped strings', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2025-02-29')).toBe(false);
    expect(isDate('2025-13-01')).toBe(false);
    expect(isDate('2025-5-1')).toBe(false);
  });

  it('names the weekday, Sunday first', () => {
    expect(weekday('2025-06-01')).toBe(0);
    expect(weekday('2025-05-31')).toBe(6);
  });
});
