/**
 * The checks the security forms run before calling, with the validators the server's contract
 * uses, so the shopper sees the same messages without a round trip. Each returns the first
 * problem in page order, or null. Pure.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isEmail, isPhone, isStrongPassword, normaliseEmail } from '@kernel/core/validators';
import type { Binding } from './contract';

const CODE = /^\d{4,6}$/;
const problem = (field: string, key: string): FieldProblem => ({ field, key });

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

export function bindProblem(type: Binding, values: { value: string; code: string }, bound: string): FieldProblem | null {
  return targetProblem(type, values.value, bound) ?? (CODE.test(values.code.trim()) ? null : problem('code', 'kernel:validation.code'));
}

export function checkProblem(values: { password: string }): FieldProblem | null {
  return values.password ? null : problem('password', 'security:validation.password_required');
}

export interface PasswordValues {
  oldpassword: string;
  newpassword: string;
  renewpassword: string;
}

export function passwordProblem(values: PasswordValues): FieldProblem | null {
  if (!values.oldpassword) return problem('oldpassword', 'security:validation.old_password');
  // The one rule for setting a password, as registration and reset have it.
  if (!isStrongPassword(values.newpassword)) return problem('newpassword', 'kernel:validation.password_strength');
  if (values.newpassword === values.oldpassword) return problem('newpassword', 'security:validation.password_same');
  if (values.renewpassword !== values.newpassword) return problem('renewpassword', 'kernel:validation.password_mismatch');
  return null;
}
