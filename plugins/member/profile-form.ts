/**
 * The profile form's check before sending: every problem at once (one per field, in page order),
 * or none. A birthday is a real date within the picker's range and not after today. Pure.
 */
import type { FieldProblem } from '@kernel/client/form';
import { BIRTHDAY_FORMAT, birthdayRange, isBirthday, isMotto, isNickname } from './profile-rules';

export interface ProfileValues {
  nickname: string;
  gender: string;
  birthday: string;
  motto: string;
}

/** `today` is the shopper's date, `YYYY-MM-DD`: the last birthday there can be. */
export function birthdayProblem(birthday: string, today: string): FieldProblem | null {
  // Both are YYYY-MM-DD, so the later date is the greater string.
  if (BIRTHDAY_FORMAT.test(birthday) && birthday > today) return { field: 'birthday', key: 'member:validation.birthday_future' };
  const year = Number(today.slice(0, 4));
  if (!isBirthday(birthday, year)) return { field: 'birthday', key: 'member:validation.birthday_range', params: { min: birthdayRange(year).min, max: today } };
  return null;
}

export function profileProblems(values: ProfileValues, today: string): FieldProblem[] {
  return [
    isNickname(values.nickname) ? null : { field: 'nickname', key: 'member:validation.nickname' },
    birthdayProblem(values.birthday, today),
    isMotto(values.motto) ? null : { field: 'motto', key: 'member:validation.motto' },
  ].filter((p): p is FieldProblem => p !== null);
}
