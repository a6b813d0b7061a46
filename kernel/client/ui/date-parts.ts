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

/** Choosing one part; a day the new month does not have moves to its last day (31 → 30). */
export function pick(parts: DateParts, part: keyof DateParts, value: string): DateParts {
  const next = { ...parts, [part]: value };
  const last = daysIn(next.year, next.month);
  return next.day && Number(next.day) > last ? { ...next, day: String(last) } : next;
}
