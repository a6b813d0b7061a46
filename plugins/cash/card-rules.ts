/**
 * Bank-card rules both sides use: the add-card form checks them before sending, the contract
 * checks them again on the server. Pure, no imports: the pages load this without zod.
 */

export const CARD_MIN = 15;
export const CARD_MAX = 19;
export const HOLDER_MIN = 2;
export const HOLDER_MAX = 30;
export const BANK_MIN = 2;
export const BANK_MAX = 30;
/** Digits of a card number the bank can be told from (the issuer identification number). */
export const BIN_LENGTH = 6;

/** The digits of a card number as typed or pasted ("6228 4804 …"): white space goes. */
export const cardDigits = (value: string): string => value.replace(/\s+/g, '');

/** The Luhn (mod 10) check digit test of ISO/IEC 7812. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 15–19 digits, white space aside. */
export function isCardLength(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d+$/.test(digits) && digits.length >= CARD_MIN && digits.length <= CARD_MAX;
}

/**
 * The check digit: the Luhn check, except for UnionPay cards (prefix 62): mainland banks issued
 * debit cards under 62 whose last digit is not a Luhn check digit (older 19-digit numbers
 * especially), and UnionPay itself does not require one, so refusing them would turn away real
 * cards. A wrong UnionPay number is caught when the payout fails, and the shopper sees their
 * masked number and bank on every screen.
 */
export function passesCardCheck(value: string): boolean {
  const digits = cardDigits(value);
  return digits.startsWith('62') || luhn(digits);
}

export const isCardNumber = (value: string): boolean => isCardLength(value) && passesCardCheck(value);

/**
 * Why a card number is refused, as the i18n key of its message: the wrong length (or not digits)
 * is one message, a number of the right length failing its check digit (a typo) another.
 */
export function cardNumberProblem(value: string): 'cash:validation.card' | 'cash:validation.card_check' | null {
  if (!isCardLength(value)) return 'cash:validation.card';
  return passesCardCheck(value) ? null : 'cash:validation.card_check';
}

/** What every reply and screen shows of a card: "**** **** **** 1234". */
export const maskCard = (digits: string): string => `**** **** **** ${digits.slice(-4)}`;

/** The number as the shopper types it, in groups of four: "6228 4804 0256 4890 018". */
export const groupCard = (value: string): string => (cardDigits(value).match(/\d{1,4}/g) ?? []).join(' ');

/** Length in characters as a person counts them (a CJK character is one). */
const length = (value: string): number => [...value].length;

/**
 * The account holder's real name: 2–30 letters of any script, with the spaces, dots and the
 * middle dot of names like "买买提·艾力" or "ZHANG SAN" between them; no digits.
 */
export function isHolder(value: string): boolean {
  const name = value.trim();
  return length(name) >= HOLDER_MIN && length(name) <= HOLDER_MAX && /^\p{L}(?:[\p{L}\p{M}·•.' ]*\p{L})?$/u.test(name);
}

export const isBankName = (value: string): boolean => {
  const n = length(value.trim());
  return n >= BANK_MIN && n <= BANK_MAX;
};
