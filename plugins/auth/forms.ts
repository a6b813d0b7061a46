/**
 * The checks the login and register forms run before calling, with the same validators the
 * server's contract uses, so the shopper sees the spec's messages without a round trip.
 * Each returns the first problem in the order the fields appear on the page, or null.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isEmail, isLoginPassword, isPhone, isStrongPassword, isUsername } from '@kernel/core/validators';

const CODE = /^\d{4,6}$/;
const problem = (field: string, key: string): FieldProblem => ({ field, key });

export function passwordLoginProblem(values: { account: string; password: string }): FieldProblem | null {
  if (!values.account.trim()) return problem('account', 'kernel:validation.username_required');
  if (!isLoginPassword(values.password)) return problem('password', 'kernel:validation.password_length');
  return null;
}

export function mobileProblem(mobile: string): FieldProblem | null {
  return isPhone(mobile.trim()) ? null : problem('mobile', 'kernel:validation.phone');
}

export function emailProblem(email: string): FieldProblem | null {
  return isEmail(email.trim()) ? null : problem('email', 'kernel:validation.email');
}

export function codeLoginProblem(values: { mobile: string; captcha: string }): FieldProblem | null {
  return mobileProblem(values.mobile) ?? (CODE.test(values.captcha.trim()) ? null : problem('captcha', 'kernel:validation.code'));
}

export interface RegisterValues {
  username: string;
  password: string;
  confirm: string;
  mobile: string;
  code: string;
  email: string;
  invite: string;
}

export function registerProblem(values: RegisterValues, needCode: boolean): FieldProblem | null {
  const username = values.username.trim();
  const mobile = values.mobile.trim();
  const email = values.email.trim();
  if (!username) return problem('username', 'kernel:validation.username_required');
  if (!isUsername(username)) return problem('username', 'kernel:validation.username');
  if (!isLoginPassword(values.password)) return problem('password', 'kernel:validation.password_length');
  if (!isStrongPassword(values.password)) return problem('password', 'kernel:validation.password_strength');
  if (values.confirm !== values.password) return problem('confirm', 'kernel:validation.password_mismatch');
  if (mobile && !isPhone(mobile)) return problem('mobile', 'kernel:validation.phone');
  if (needCode && !mobile && !email) return problem('mobile', 'auth:message.code_target_required');
  if (needCode && !CODE.test(values.code.trim())) return problem('code', 'kernel:validation.code');
  if (email && !isEmail(email)) return problem('email', 'kernel:validation.email');
  return null;
}
