import { describe, expect, it } from 'vitest';
import { codeLoginProblem, passwordLoginProblem, registerProblem, type RegisterValues } from './forms';

const valid: RegisterValues = {
  username: 'alice',
  password: 'secret123',
  confirm: 'secret123',
  mobile: '',
  code: '',
  email: '',
  invite: '',
};
const keyOf = (values: Partial<RegisterValues>, needCode = false) => registerProblem({ ...valid, ...values }, needCode)?.key;

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
    expect(registerProblem(valid, false)).toBeNull();
  });

  it('tells an empty username from a malformed one', () => {
    expect(keyOf({ username: '' })).toBe('kernel:validation.username_required');
    expect(keyOf({ username: '9lives' })).toBe('kernel:validation.username');
    expect(keyOf({ username: 'ab' })).toBe('kernel:validation.username');
  });

  it('wants 6-32 characters, then letters mixed with digits within 20', () => {
    expect(keyOf({ password: '12345', confirm: '12345' })).toBe('kernel:validation.password_length');
    expect(keyOf({ password: '12345678', confirm: '12345678' })).toBe('kernel:validation.password_strength');
    expect(keyOf({ password: 'abc123'.repeat(4), confirm: 'abc123'.repeat(4) })).toBe('kernel:validation.password_strength');
  });

  it('wants the confirmation to equal the password', () => {
    expect(registerProblem({ ...valid, confirm: 'secret124' }, false)).toEqual({
      field: 'confirm',
      key: 'kernel:validation.password_mismatch',
    });
  });

  it('validates the optional mobile and e-mail only when filled in', () => {
    expect(keyOf({ mobile: '12345' })).toBe('kernel:validation.phone');
    expect(keyOf({ email: 'not-an-address' })).toBe('kernel:validation.email');
    expect(keyOf({ mobile: '13900139000', email: 'a@b.cn' })).toBeUndefined();
  });

  it('asks for a code, and somewhere to send it, only when the site needs one', () => {
    expect(keyOf({}, true)).toBe('auth:message.code_target_required');
    expect(keyOf({ mobile: '13900139000' }, true)).toBe('kernel:validation.code');
    expect(keyOf({ email: 'a@b.cn', code: '1234' }, true)).toBeUndefined();
    expect(keyOf({ mobile: '13900139000' }, false)).toBeUndefined();
  });
});
