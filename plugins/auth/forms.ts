/**
 * The checks the login, register and reset forms run before calling, with the same validators
 * the server's contract uses, so the shopper sees the spec's messages without a round trip. Each
 * returns every problem at once (one per field), so the shopper can fix them all in one go.
 */
import type { FieldProblem } from '@kernel/client/form';
import { isEmail, isLoginPassword, isPhone, isStrongPassword, isUsername } from '@kernel/core/validators';

const CODE = /^\d{4,6}$/;
const problem = (field: string, key: string): FieldProblem => ({ field, key });

const found = (...problems: (FieldProblem | null | false | '')[]): FieldProblem[] => problems.filter((p): p is FieldProblem => !!p);

/**
 * Logging in takes any 6–32 characters (accounts older than the rule keep their password), but
 * what the shopper reads is the one rule: no password outside 6–32 can be right, and the rule
 * says what a password looks like.
 */
export function passwordLoginProblems(values: { account: string; password: string }): FieldProblem[] {
  return found(
    !values.account.trim() && problem('account', 'kernel:validation.username_required'),
    !values.password && problem('password', 'auth:message.password_required'),
    values.password && !isLoginPassword(values.password) && problem('password', 'kernel:validation.password_strength'),
  );
}

export function mobileProblem(mobile: string): FieldProblem | null {
  return isPhone(mobile.trim()) ? null : problem('mobile', 'kernel:validation.phone');
}

export function emailProblem(email: string): FieldProblem | null {
  return isEmail(email.trim()) ? null : problem('email', 'kernel:validation.email');
}

export function codeLoginProblems(values: { mobile: string; captcha: string }): FieldProblem[] {
  return found(mobileProblem(values.mobile), !CODE.test(values.captcha.trim()) && problem('captcha', 'kernel:validation.code'));
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

/** The one rule for a new password (kernel/core/validators.ts), as the same message everywhere. */
export function newPasswordProblem(field: string, password: string): FieldProblem | null {
  return isStrongPassword(password) ? null : problem(field, 'kernel:validation.password_strength');
}

export function registerProblems(values: RegisterValues, needCode: boolean): FieldProblem[] {
  const username = values.username.trim();
  const mobile = values.mobile.trim();
  const email = values.email.trim();
  return found(
    !username && problem('username', 'kernel:validation.username_required'),
    username && !isUsername(username) && problem('username', 'kernel:validation.username'),
    newPasswordProblem('password', values.password),
    values.confirm !== values.password && problem('confirm', 'kernel:validation.password_mismatch'),
    mobile && !isPhone(mobile) && problem('mobile', 'kernel:validation.phone'),
    needCode && !mobile && !email && problem('mobile', 'auth:message.code_target_required'),
    needCode && !CODE.test(values.code.trim()) && problem('code', 'kernel:validation.code'),
    email && !isEmail(email) && problem('email', 'kernel:validation.email'),
  );
}

export type ResetChannel = 'mobile' | 'email';

export interface ResetValues {
  account: string;
  captcha: string;
  newpassword: string;
  renewpassword: string;
}

/** Before sending the code: a well-formed mobile number or e-mail address. */
export function resetAccountProblem(type: ResetChannel, account: string): FieldProblem | null {
  const valid = type === 'mobile' ? isPhone(account.trim()) : isEmail(account.trim());
  return valid ? null : problem('account', type === 'mobile' ? 'kernel:validation.phone' : 'kernel:validation.email');
}

export function resetProblems(type: ResetChannel, values: ResetValues): FieldProblem[] {
  return found(
    resetAccountProblem(type, values.account),
    !CODE.test(values.captcha.trim()) && problem('captcha', 'kernel:validation.code'),
    newPasswordProblem('newpassword', values.newpassword),
    values.renewpassword !== values.newpassword && problem('renewpassword', 'kernel:validation.password_mismatch'),
  );
}
