import { describe, expect, it } from 'vitest';
import { birthdayProblem, profileProblems } from './profile-form';

const today = '2026-11-27';
const valid = { nickname: '小安', gender: '1', birthday: '1990-05-17', motto: '你好' };

describe('profile form check', () => {
  it('passes a filled form, and one without a birthday', () => {
    expect(profileProblems(valid, today)).toEqual([]);
    expect(profileProblems({ ...valid, birthday: '' }, today)).toEqual([]);
  });

  it('names every problem at once, in page order', () => {
    expect(profileProblems({ ...valid, nickname: ' ', birthday: '2026-11-28', motto: '字'.repeat(101) }, today).map((p) => [p.field, p.key])).toEqual([
      ['nickname', 'member:validation.nickname'],
      ['birthday', 'member:validation.birthday_future'],
      ['motto', 'member:validation.motto'],
    ]);
  });

  it('takes a birthday up to today, and refuses one after it or before the range, naming the range up to today', () => {
    expect(birthdayProblem('2026-11-27', today)).toBeNull();
    expect(birthdayProblem('1876-01-01', today)).toBeNull();
    expect(birthdayProblem('2026-11-28', today)).toEqual({ field: 'birthday', key: 'member:validation.birthday_future' });
    expect(birthdayProblem('2027-01-01', today)?.key).toBe('member:validation.birthday_future');
    expect(birthdayProblem('1875-12-31', today)).toEqual({ field: 'birthday', key: 'member:validation.birthday_range', params: { min: '1876-01-01', max: today } });
    expect(birthdayProblem('2023-02-29', today)?.key).toBe('member:validation.birthday_range');
  });
});
