import { describe, expect, it } from 'vitest';
import { chatTime, relativeTime, toMillis } from './time';

const t = (key: string, params?: Record<string, unknown>) => `${key}${params ? `:${params.count}` : ''}`;
const now = new Date(2026, 10, 21, 15, 30, 0).getTime();
const ago = (ms: number) => now - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('time display of spec §9', () => {
  it('reads 10-digit timestamps as seconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis('1700000000')).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_123)).toBe(1_700_000_000_123);
  });
  it('shows HH:mm on the same day and the full date otherwise', () => {
    expect(chatTime(new Date(2026, 10, 21, 9, 5).getTime(), now)).toBe('09:05');
    expect(chatTime(new Date(2026, 10, 20, 23, 59).getTime(), now)).toBe('2026-11-20 23:59');
    expect(chatTime(Math.floor(new Date(2026, 10, 21, 8, 0).getTime() / 1000), now)).toBe('08:00');
  });
  it('walks from just now to months ago, then a date', () => {
    expect(relativeTime(ago(30_000), t, now)).toBe('kernel:time.just_now');
    expect(relativeTime(ago(5 * MIN), t, now)).toBe('kernel:time.minutes_ago:5');
    expect(relativeTime(ago(3 * HOUR), t, now)).toBe('kernel:time.hours_ago:3');
    expect(relativeTime(ago(2 * DAY), t, now)).toBe('kernel:time.days_ago:2');
    expect(relativeTime(ago(15 * DAY), t, now)).toBe('kernel:time.weeks_ago:2');
    expect(relativeTime(ago(100 * DAY), t, now)).toBe('kernel:time.months_ago:3');
    expect(relativeTime(new Date(2025, 9, 1).getTime(), t, now)).toBe('2025-10-01');
  });
});
