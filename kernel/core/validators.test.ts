import { describe, expect, it } from 'vitest';
import { hasControlCharacters, isEmail, isLoginPassword, isNationalId, isNonEmpty, isPhone, isStrongPassword, isUsername } from './validators';

describe('validators of spec §5', () => {
  it('accepts 11-digit mainland mobiles only', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    expect(isPhone('12800138000')).toBe(false);
    expect(isPhone('1380013800')).toBe(false);
    expect(isPhone('138001380001')).toBe(false);
    expect(isPhone('+8613800138000')).toBe(false);
  });
  it('accepts ordinary e-mail addresses', () => {
    expect(isEmail('demo@example.com')).toBe(true);
    expect(isEmail('a.b+c@mail.example.cn')).toBe(true);
    expect(isEmail('demo@example')).toBe(false);
    expect(isEmail('demo example.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
  });
  it('wants new passwords of 6-20 characters mixing letters and digits', () => {
    expect(isStrongPassword('abc123')).toBe(true);
    expect(isStrongPassword('Abcdefghij1234567890')).toBe(true);
    expect(isStrongPassword('abc12')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('Abcdefghij12345678901')).toBe(false);
    // The demo accounts' passwords stay valid under the one rule.
    expect(isStrongPassword('demo123456')).toBe(true);
    expect(isStrongPassword('staff123456')).toBe(true);
    expect(isStrongPassword('abc 123')).toBe(false);
  });
  it('hints login passwords of 6-32 characters', () => {
    expect(isLoginPassword('123456')).toBe(true);
    expect(isLoginPassword('12345')).toBe(false);
    expect(isLoginPassword('x'.repeat(33))).toBe(false);
  });
  it('checks national ids with their checksum and birth date', () => {
    expect(isNationalId('11010519491231002X')).toBe(true);
    expect(isNationalId('110105194912310021')).toBe(false);
    expect(isNationalId('11010519491331002X')).toBe(false);
    expect(isNationalId('1101051949123100')).toBe(false);
  });
  it('knows usernames and empty values', () => {
    expect(isUsername('demo_01')).toBe(true);
    expect(isUsername('1demo')).toBe(false);
    expect(isUsername('ab')).toBe(false);
    expect(isNonEmpty('  ')).toBe(false);
    expect(isNonEmpty(' a ')).toBe(true);
    expect(isNonEmpty(undefined)).toBe(false);
  });
  it('finds control characters, and line breaks in single-line text only', () => {
    for (const bad of ['a\u0000b', '\u0007', 'a\u001bb', '\u007f', '\u0085']) expect(hasControlCharacters(bad, { multiline: true }), JSON.stringify(bad)).toBe(true);
    for (const lines of ['a\nb', 'a\r\nb', 'a\tb']) {
      expect(hasControlCharacters(lines)).toBe(true);
      expect(hasControlCharacters(lines, { multiline: true })).toBe(false);
    }
    expect(hasControlCharacters('张三 Zhang 😀')).toBe(false);
  });
});
