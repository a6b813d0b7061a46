/** The profile form's check before sending: the first problem in page order, or null. Pure. */
import type { FieldProblem } from '@kernel/client/form';
import { birthdayRange, isBirthday, isMotto, isNickname } from './profile-rules';

export interface ProfileValues {
  nickname: string;
  gender: string;
  birthday: string;
  motto: string;
}

export function profileProblem(values: ProfileValues, currentYear: number): FieldProblem | null {
  if (!isNickname(values.nickname)) return { field: 'nickname', key: 'member:validation.nickname' };
  if (!isBirthday(values.birthday, currentYear)) {
    const { min, max } = birthdayRange(currentYear);
    return { field: 'birthday', key: 'member:validation.birthday_range', params: { min, max } };
  }
  if (!isMotto(values.motto)) return { field: 'motto', key: 'member:validation.motto' };
  return null;
}
