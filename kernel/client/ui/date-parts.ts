/** The year / month / day parts of a `YYYY-MM-DD` date picker. Pure. */

export interface DateParts {
  year: string;
  month: string;
  day: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const NO_DATE: DateParts = { year: '', month: '', day: '' };

export function parseDate(value: string): DateParts {
  const match = DATE.exec(value);
  return match ? { year: String(Number(match[1])), month: String(Number(match[2])), day: String(Number(match[3])) } : NO_DATE;
}

/** `YYYY-MM-DD` once all three parts are chosen, else ''. */
export function composeDate(parts: DateParts): string {
  if (!parts.year || !parts.month || !parts.day) return '';
  return `${parts.year.padStart(4, '0')}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
}

/** Days in a month (29 for February of a leap year); 31 while the year or month is open. */
export function daysIn(year: string, month: string): number {
  if (!month) return 31;
  const y = year ? Number(year) : 2000; // a leap year: February may have 29 until the year says otherwise
  return new Date(Date.UTC(y, Number(month), 0)).getUTCDate();
}

/**
 * The last month and day a picker offers for these parts when nothing after `max` may be chosen
 * (a birthday: today): in `max`'s year no later month, in its month no later day.
 */
export function lastMonth(parts: DateParts, max: DateParts | null = null): number {
  return max && parts.year === max.year ? Number(max.month) : 12;
}

export function lastDay(parts: DateParts, max: DateParts | null = null): number {
  const days = daysIn(parts.year, parts.month);
  return max && parts.year === max.year && parts.month === max.month ? Math.min(days, Number(max.day)) : days;
}

/**
 * Choosing one part; a day the new month does not have moves to its last day (31 → 30), and with
 * `max`, a month or day after it moves back to it.
 */
export function pick(parts: DateParts, part: keyof DateParts, value: string, max: DateParts | null = null): DateParts {
  let next = { ...parts, [part]: value };
  if (next.month && Number(next.month) > lastMonth(next, max)) next = { ...next, month: String(lastMonth(next, max)) };
  const last = lastDay(next, max);
  return next.day && Number(next.day) > last ? { ...next, day: String(last) } : next;
}
