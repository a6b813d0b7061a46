/**
 * Server time is the truth (DESIGN §5). Everything that reads the time takes a Clock so tests
 * can move it; business dates (sign-in days, daily limits) are calendar days in Asia/Shanghai.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Whole unix seconds, as the database stores times. */
  nowSeconds(): number;
}

export const systemClock: Clock = { now: () => Date.now(), nowSeconds: () => unixSeconds(Date.now()) };

/** A clock tests set and move; it never moves by itself. */
export class TestClock implements Clock {
  constructor(private ms: number = Date.UTC(2025, 0, 15, 4, 0, 0)) {}
  now(): number {
    return this.ms;
  }
  nowSeconds(): number {
    return unixSeconds(this.ms);
  }
  set(ms: number | Date): void {
    this.ms = typeof ms === 'number' ? ms : ms.getTime();
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const BUSINESS_TIMEZONE = 'Asia/Shanghai';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const unixSeconds = (ms: number): number => Math.floor(ms / 1000);

/** `YYYY-MM-DD` of the business day containing `ms`. */
export function businessDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BUSINESS_TIMEZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** `YYYY-MM-DD HH:mm:ss` in the business time zone (operator output, logs). */
export function businessDateTime(ms: number): string {
  const second = Math.floor(ms / 1000);
  // Formatting costs more than most of a request (every order number takes one): once a second.
  if (second !== lastFormatted.second) lastFormatted = { second, text: `${businessDate(ms)} ${timeFormat.format(new Date(ms))}` };
  return lastFormatted.text;
}
let lastFormatted = { second: Number.NaN, text: '' };

/** Milliseconds at which the business day containing `ms` began. */
export function businessDayStart(ms: number): number {
  const [year, month, day] = businessDate(ms).split('-').map(Number);
  // Shanghai has kept UTC+8 without daylight saving since 1991.
  return Date.UTC(year, month - 1, day) - 8 * 3600_000;
}
