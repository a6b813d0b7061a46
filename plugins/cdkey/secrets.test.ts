import { describe, expect, it } from 'vitest';
import { PASSWORD_ALPHABET, PASSWORD_LENGTH, newCardNumber, newPassword, normalise, passwordDigest, passwordMatches } from './secrets';

describe('card numbers and passwords', () => {
  it('draws 16-digit card numbers that never start with 0, and 12-character passwords without look-alikes', () => {
    const cards = Array.from({ length: 500 }, newCardNumber);
    const passwords = Array.from({ length: 500 }, newPassword);
    expect(cards.every((c) => /^[1-9]\d{15}$/.test(c))).toBe(true);
    expect(passwords.every((p) => p.length === PASSWORD_LENGTH && [...p].every((ch) => PASSWORD_ALPHABET.includes(ch)))).toBe(true);
    expect(PASSWORD_ALPHABET).not.toMatch(/[01ILO]/);
    // 500 draws from 10^15 or 31^12: any repeat means the generator is broken.
    expect(new Set(cards).size).toBe(500);
    expect(new Set(passwords).size).toBe(500);
    // Every alphabet letter turns up: the draw is not stuck on part of it.
    expect(new Set(passwords.join('')).size).toBe(PASSWORD_ALPHABET.length);
  });

  it('reads a password as printed whatever the case, spaces or dashes', () => {
    expect(normalise(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(passwordDigest('8812345678901234', 'abcd-efgh-jkmn')).toBe(passwordDigest('8812345678901234', 'ABCDEFGHJKMN'));
  });

  it('salts the digest with the card number and matches only the right password of a known card', () => {
    const digest = passwordDigest('8812345678901234', 'ABCDEFGHJKMN');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toBe(passwordDigest('8812345678901235', 'ABCDEFGHJKMN'));
    expect(passwordMatches(digest, '8812345678901234', 'abcdefghjkmn')).toBe(true);
    expect(passwordMatches(digest, '8812345678901234', 'ABCDEFGHJKMP')).toBe(false);
    expect(passwordMatches(undefined, '8812345678901234', 'ABCDEFGHJKMN')).toBe(false);
  });
});
