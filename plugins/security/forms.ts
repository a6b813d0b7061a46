/**
 * The checks the security forms run before calling, with the validators the server's contract
 * uses, so the shopper sees the same messages without a round trip. A form's check returns every
 * problem at once (one per field, in page order); the code button's check just the target. Pure.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isEmail, isPhone, isStrongPassword, normaliseEmail } from '@kernel/core/validators';
import type { Binding } from './contract';

const CODE = /^\d{4,6}$/;
const problem = (field: string, key: string): FieldProblem => ({ field, key });
const found = (...problems: (FieldProblem | null | false)[]): FieldProblem[] => problems.filter((p): p is FieldProblem => !!p);

/** What the server stores: e-mail addresses in lower case (as the auth plugin does), both trimmed. */
export const normaliseTarget = (type: Binding, value: string): string => (type === 'email' ? normaliseEmail(value) : value.trim());

/** Before sending a code: a well-formed address or number that is not the one already bound. */
export function targetProblem(type: Binding, value: string, bound: string): FieldProblem | null {
  const target = normaliseTarget(type, value);
  if (type === 'email' && !isEmail(target)) return problem('value', 'kernel:validation.email');
  if (type === 'mobile' && !isPhone(target)) return problem('value', 'kernel:validation.phone');
  if (target === bound) return problem('value', `security:message.same_${type}`);
  return null;
}

export function bindProblems(type: Binding, values: { value: string; code: string }, bound: string): FieldProblem[] {
  return found(targetProblem(type, values.value, bound), !CODE.test(values.code.trim()) && problem('code', 'kernel:validation.code'));
}

export function checkProblem(values: { password: string }): FieldProblem | null {
  return values.password ? null : problem('password', 'security:validation.password_required');
}

export interface PasswordValues {
  oldpassword: string;
  newpassword: string;
  renewpassword: string;
}

export function passwordProblems(values: PasswordValues): FieldProblem[] {
  return found(
    !values.oldpassword && problem('oldpassword', 'security:validation.old_password'),
    // The one rule for setting a password, as registration and reset have it.
    !isStrongPassword(values.newpassword)
      ? problem('newpassword', 'kernel:validation.password_strength')
      : values.newpassword === values.oldpassword && problem('newpassword', 'security:validation.password_same'),
    values.renewpassword !== values.newpassword && problem('renewpassword', 'kernel:validation.password_mismatch'),
  );
}
