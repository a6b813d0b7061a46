import { describe, expect, it } from 'vitest';
import { birthdayRange, birthdayRefusal, isBirthday, isMotto, isNickname } from './profile-rules';

describe('profile rules', () => {
  it('takes a nickname of 1 to 32 characters, counted as the shopper counts them, spaces trimmed', () => {
    expect(isNickname('小明')).toBe(true);
    expect(isNickname('  a  ')).toBe(true);
    expect(isNickname('😀'.repeat(32))).toBe(true);
    expect(isNickname('x'.repeat(33))).toBe(false);
    expect(isNickname('   ')).toBe(false);
  });

  it('takes a motto of at most 100 characters, or none', () => {
    expect(isMotto('')).toBe(true);
    expect(isMotto('字'.repeat(100))).toBe(true);
    expect(isMotto('字'.repeat(101))).toBe(false);
  });

  it('offers birthdays from 150 years before to 150 years after the current year', () => {
    expect(birthdayRange(2026)).toEqual({ min: '1876-01-01', max: '2176-12-31', from: 1876, to: 2176 });
  });

  it('takes an empty birthday or a real date within the range, nothing else', () => {
    for (const ok of ['', '1990-05-17', '2000-02-29', '1876-01-01', '2176-12-31']) expect(isBirthday(ok, 2026), ok).toBe(true);
    for (const bad of ['1990-5-17', '1990-02-30', '2001-02-29', '1990-13-01', '1875-12-31', '2177-01-01', 'yesterday', '0099-01-01']) {
      expect(isBirthday(bad, 2026), bad).toBe(false);
    }
  });

  it('refuses a birthday after today, then one outside the range that ends today, and takes today or none', () => {
    expect(birthdayRefusal('2026-03-03', '2026-03-02')).toEqual({ key: 'member:validation.birthday_future' });
    expect(birthdayRefusal('2176-12-31', '2026-03-02')).toEqual({ key: 'member:validation.birthday_future' });
    expect(birthdayRefusal('1875-12-31', '2026-03-02')).toEqual({ key: 'member:validation.birthday_range', params: { min: '1876-01-01', max: '2026-03-02' } });
    expect(birthdayRefusal('2026-02-30', '2026-03-02')?.key).toBe('member:validation.birthday_range');
    for (const ok of ['2026-03-02', '1876-01-01', '']) expect(birthdayRefusal(ok, '2026-03-02'), ok).toBeNull();
  });
});
