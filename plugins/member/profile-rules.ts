/**
 * The profile rules both sides use: the form checks them before sending, the server checks them
 * again (the birthday range needs the year, which the server takes from its own clock). Pure.
 */

export const NICKNAME_MAX = 32;
export const MOTTO_MAX = 100;
/** The date picker spans the current year ± 150 (spec §9). */
export const BIRTHDAY_SPAN_YEARS = 150;
export const GENDERS = [0, 1, 2] as const;
export type Gender = (typeof GENDERS)[number];

export const BIRTHDAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Length in characters as a shopper counts them (an emoji is one, not two UTF-16 units). */
const length = (value: string): number => [...value].length;

export const isNickname = (value: string): boolean => {
  const n = length(value.trim());
  return n >= 1 && n <= NICKNAME_MAX;
};

export const isMotto = (value: string): boolean => length(value.trim()) <= MOTTO_MAX;

/** The first and last day the birthday picker offers, as `YYYY-MM-DD`. */
export function birthdayRange(currentYear: number): { min: string; max: string; from: number; to: number } {
  const from = currentYear - BIRTHDAY_SPAN_YEARS;
  const to = currentYear + BIRTHDAY_SPAN_YEARS;
  return { min: `${String(from).padStart(4, '0')}-01-01`, max: `${to}-12-31`, from, to };
}

/** Empty (no birthday), or a real calendar date `YYYY-MM-DD` within the picker's range. */
export function isBirthday(value: string, currentYear: number): boolean {
  if (value === '') return true;
  const match = BIRTHDAY_FORMAT.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; the range check below never lets those through anyway.
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const { from, to } = birthdayRange(currentYear);
  return real && year >= from && year <= to;
}

/**
 * Why a birthday is refused on `today` (`YYYY-MM-DD`), or null: after today (no one is born
 * tomorrow), else not a real date within the picker's range, which then ends today.
 */
export function birthdayRefusal(value: string, today: string): { key: string; params?: { min: string; max: string } } | null {
  // Both are YYYY-MM-DD, so the later date is the greater string.
  if (BIRTHDAY_FORMAT.test(value) && value > today) return { key: 'member:validation.birthday_future' };
  const year = Number(today.slice(0, 4));
  if (!isBirthday(value, year)) return { key: 'member:validation.birthday_range', params: { min: birthdayRange(year).min, max: today } };
  return null;
}
