/**
 * Card numbers and passwords. Both come from the CSPRNG (node:crypto `randomInt`, unbiased);
 * the password is what makes a card worth anything, so only its digest is stored.
 *
 * Why sha256 and not argon2: argon2 exists to slow down guessing of passwords people choose.
 * These are random: 12 characters from a 31-letter alphabet are 59 bits, so even with the
 * table in hand, guessing one card's password takes about 2^58 sha256 — years of a GPU per
 * card — while a batch of 10 000 cards is hashed at once and each redemption costs one
 * digest. The card number salts the digest, so equal passwords never share a digest and no
 * table computed once works for two cards. Online guessing is throttled (redeem.ts).
 */
import { randomInt } from 'node:crypto';
import { sameDigest, sha256 } from '@kernel/server/services/hash';

export const CARD_LENGTH = 16;
export const PASSWORD_LENGTH = 12;
/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L. */
export const PASSWORD_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const pick = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** 16 digits, never starting with 0 (spreadsheets keep it whole). */
export const newCardNumber = (): string => pick('123456789', 1) + pick('0123456789', CARD_LENGTH - 1);
export const newPassword = (): string => pick(PASSWORD_ALPHABET, PASSWORD_LENGTH);

/** What a shopper types, as it was printed: spaces and dashes dropped, letters upper-cased. */
export const normalise = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

export const passwordDigest = (card: string, password: string): string => sha256(`cdkey:${card}:${normalise(password)}`);

/** A digest no password has: an unknown card still costs one digest and one comparison. */
const DECOY = sha256('cdkey:no-such-card');

/** Constant-time: the reply's timing does not tell a wrong password from a wrong card. */
export function passwordMatches(storedDigest: string | undefined, card: string, password: string): boolean {
  const matches = sameDigest(storedDigest ?? DECOY, passwordDigest(card, password));
  return storedDigest !== undefined && matches;
}
