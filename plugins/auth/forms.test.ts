import { describe, expect, it } from 'vitest';
import { codeLoginProblems, passwordLoginProblems, registerProblems, resetProblems, type RegisterValues } from './forms';

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
  const keys = (values: { account: string; password: string }) => passwordLoginProblems(values).map((p) => [p.field, p.key]);

  it('asks for the username and the password at once', () => {
    expect(keys({ account: '  ', password: '' })).toEqual([
      ['account', 'kernel:validation.username_required'],
      ['password', 'auth:message.password_required'],
    ]);
  });

  it('tells a password no account can have (outside 6-32) by the one rule', () => {
    expect(keys({ account: 'demo', password: '12345' })).toEqual([['password', 'kernel:validation.password_strength']]);
    expect(keys({ account: 'demo', password: 'x'.repeat(33) })).toEqual([['password', 'kernel:validation.password_strength']]);
  });

  it('accepts a username, e-mail or mobile with a password, older passwords outside the rule included', () => {
    for (const account of ['demo', 'demo@example.com', '13800138000']) {
      expect(passwordLoginProblems({ account, password: 'demo123456' })).toEqual([]);
    }
    expect(passwordLoginProblems({ account: 'demo', password: 'lettersonly-and-long-old-pass' })).toEqual([]);
  });
});

describe('code login form', () => {
  it('needs an 11-digit mobile number and a code, and says both at once', () => {
    expect(codeLoginProblems({ mobile: '1380013800', captcha: '' }).map((p) => [p.field, p.key])).toEqual([
      ['mobile', 'kernel:validation.phone'],
      ['captcha', 'kernel:validation.code'],
    ]);
    expect(codeLoginProblems({ mobile: '13800138000', captcha: '' }).map((p) => p.key)).toEqual(['kernel:validation.code']);
    expect(codeLoginProblems({ mobile: '13800138000', captcha: '123456' })).toEqual([]);
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
