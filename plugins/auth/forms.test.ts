import { describe, expect, it } from 'vitest';
import { codeLoginProblem, passwordLoginProblem, registerProblems, resetProblems, type RegisterValues } from './forms';

const valid: RegisterValues = {
  username: 'alice',
  password: 'secret123',
  confirm: 'secret123',
  mobile: '',
  code: '',
  email: '',
  invite: '',
};
const keysOf = (values: Partial<RegisterValues>, needCode = false) => registerProblems({ ...valid, ...values }, needCode).map((p) => p.key);
const keyOf = (values: Partial<RegisterValues>, needCode = false) => keysOf(values, needCode)[0];

describe('password login form', () => {
  it('asks for the username first ("请输入用户名")', () => {
    expect(passwordLoginProblem({ account: '  ', password: 'whatever1' })).toEqual({
      field: 'account',
      key: 'kernel:validation.username_required',
    });
  });

  it('asks for a 6-32 character password', () => {
    expect(passwordLoginProblem({ account: 'demo', password: '12345' })?.key).toBe('kernel:validation.password_length');
    expect(passwordLoginProblem({ account: 'demo', password: 'x'.repeat(33) })?.key).toBe('kernel:validation.password_length');
  });

  it('accepts a username, e-mail or mobile with a password', () => {
    for (const account of ['demo', 'demo@example.com', '13800138000']) {
      expect(passwordLoginProblem({ account, password: 'demo123456' })).toBeNull();
    }
  });
});

describe('code login form', () => {
  it('needs an 11-digit mobile number and a code', () => {
    expect(codeLoginProblem({ mobile: '1380013800', captcha: '1234' })?.key).toBe('kernel:validation.phone');
    expect(codeLoginProblem({ mobile: '13800138000', captcha: '' })?.key).toBe('kernel:validation.code');
    expect(codeLoginProblem({ mobile: '13800138000', captcha: '123456' })).toBeNull();
  });
});

describe('register form', () => {
  it('accepts the minimal form: username, password and its confirmation', () => {
    expect(registerProblems(valid, false)).toEqual([]);
  });

  it('tells an empty username from a malformed one', () => {
    expect(keyOf({ username: '' })).toBe('kernel:validation.username_required');
    expect(keyOf({ username: '9lives' })).toBe('kernel:validation.username');
    expect(keyOf({ username: 'ab' })).toBe('kernel:validation.username');
  });

  it('wants the one password rule: 6-20 characters mixing letters and digits', () => {
    for (const password of ['abc12', '12345678', 'abcdefgh', 'abc123'.repeat(4)]) {
      expect(keyOf({ password, confirm: password })).toBe('kernel:validation.password_strength');
    }
    expect(keyOf({ password: 'demo123456', confirm: 'demo123456' })).toBeUndefined();
  });

  it('wants the confirmation to equal the password', () => {
    expect(registerProblems({ ...valid, confirm: 'secret124' }, false)).toEqual([{ field: 'confirm', key: 'kernel:validation.password_mismatch' }]);
  });

  it('validates the optional mobile and e-mail only when filled in', () => {
    expect(keyOf({ mobile: '12345' })).toBe('kernel:validation.phone');
    expect(keyOf({ email: 'not-an-address' })).toBe('kernel:validation.email');
    expect(keyOf({ mobile: '13900139000', email: 'a@b.cn' })).toBeUndefined();
  });

  it('asks for a code, and somewhere to send it, only when the site needs one', () => {
    expect(keysOf({}, true)).toEqual(['auth:message.code_target_required', 'kernel:validation.code']);
    expect(keyOf({ mobile: '13900139000' }, true)).toBe('kernel:validation.code');
    expect(keyOf({ email: 'a@b.cn', code: '1234' }, true)).toBeUndefined();
    expect(keyOf({ mobile: '13900139000' }, false)).toBeUndefined();
  });

  it('finds every problem at once, one per field, in page order', () => {
    const problems = registerProblems({ username: '9', password: '123', confirm: '12', mobile: '12', code: '', email: 'x@', invite: '' }, true);
    expect(problems.map((p) => [p.field, p.key])).toEqual([
      ['username', 'kernel:validation.username'],
      ['password', 'kernel:validation.password_strength'],
      ['confirm', 'kernel:validation.password_mismatch'],
      ['mobile', 'kernel:validation.phone'],
      ['code', 'kernel:validation.code'],
      ['email', 'kernel:validation.email'],
    ]);
  });
});

describe('reset password form', () => {
  const ok = { account: '13800138000', captcha: '123456', newpassword: 'fresh2024', renewpassword: 'fresh2024' };

  it('accepts a mobile number, its code and a new password typed twice', () => {
    expect(resetProblems('mobile', ok)).toEqual([]);
    expect(resetProblems('email', { ...ok, account: 'demo@example.com' })).toEqual([]);
  });

  it('checks the account as the channel says: a mobile number or an e-mail address', () => {
    expect(resetProblems('email', ok).map((p) => p.key)).toEqual(['kernel:validation.email']);
    expect(resetProblems('mobile', { ...ok, account: 'demo@example.com' }).map((p) => p.key)).toEqual(['kernel:validation.phone']);
  });

  it('finds every problem at once, with the same password rule as registration', () => {
    const problems = resetProblems('mobile', { account: '', captcha: '', newpassword: 'password', renewpassword: 'passw0rd' });
    expect(problems.map((p) => [p.field, p.key])).toEqual([
      ['account', 'kernel:validation.phone'],
      ['captcha', 'kernel:validation.code'],
      ['newpassword', 'kernel:validation.password_strength'],
      ['renewpassword', 'kernel:validation.password_mismatch'],
    ]);
  });
});
