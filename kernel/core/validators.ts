/** Generic patterns of spec §5. Pure predicates, shared by forms in the browser and calls on the server. */

export const PHONE = /^1[3-9]\d{9}$/;
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Usernames: a letter first, then letters, digits or underscores, 3–30 in all. */
export const USERNAME = /^[A-Za-z][A-Za-z0-9_]{2,29}$/;
/**
 * The one rule for setting a password (register, change, reset; server schemas and client forms):
 * 6–20 printable characters with at least one letter and one digit (spec §5's generic pattern).
 * Logging in only checks the looser 6–32 hint below, so passwords stored earlier keep working.
 */
export const STRONG_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{6,20}$/;

export const isPhone = (value: string): boolean => PHONE.test(value);
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);
/** E-mail addresses are stored and compared in lower case: `Demo@Example.com` is `demo@example.com`. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
export const isUsername = (value: string): boolean => USERNAME.test(value);
export const isStrongPassword = (value: string): boolean => STRONG_PASSWORD.test(value);
/** The login form's hint: any 6–32 characters (older accounts may predate the stronger rule). */
export const isLoginPassword = (value: string): boolean => value.length >= 6 && value.length <= 32;
// C0 controls but tab, newline and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex -- finding control characters is what it is for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK = /[\t\n\r]/;

/**
 * Text no shopper typed: control characters (PostgreSQL refuses NUL outright; the others corrupt
 * what people read), and for single-line text also tabs and line breaks.
 */
export const hasControlCharacters = (value: string, { multiline = false } = {}): boolean =>
  CONTROL.test(value) || (!multiline && LINE_BREAK.test(value));
export const hasLineBreak = (value: string): boolean => LINE_BREAK.test(value);
export const isNonEmpty = (value: string | null | undefined): boolean => !!value && value.trim().length > 0;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** Mainland resident id (GB 11643-1999): 18 characters, a real birth date and the mod-11 check digit. */
export function isNationalId(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (year < 1900 || birth.getTime() > Date.now()) return false;
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
  return ID_CHECK[sum % 11] === id[17];
}
