/**
 * Calendar arithmetic on business dates as the wire carries them (`YYYY-MM-DD`, months `YYYY-MM`).
 * The dates are already Asia/Shanghai days (the server's clock decides which day it is), so the
 * sums are done in UTC, where no day is ever 23 or 25 hours long. Pure: the page uses them too.
 */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const utc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** A date that exists: `2025-02-29` has the shape but not the day. */
export const isDate = (value: string): boolean => DATE_PATTERN.test(value) && fromUtc(utc(value)) === value;

export const addDays = (date: string, days: number): string => fromUtc(utc(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => Math.round((utc(to) - utc(from)) / DAY_MS);

export const monthOf = (date: string): string => date.slice(0, 7);

export function addMonths(month: string, months: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + months, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Every date of the month, first to last. */
export function daysOfMonth(month: string): string[] {
  const first = `${month}-01`;
  const count = daysBetween(first, `${addMonths(month, 1)}-01`);
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** 0 for Sunday … 6 for Saturday. */
export const weekday = (date: string): number => new Date(utc(date)).getUTCDay();
