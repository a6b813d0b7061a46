import { describe, expect, it } from 'vitest';
import { bindProblem, checkProblem, normaliseTarget, passwordProblem, targetProblem } from './forms';

describe('security form checks', () => {
  it('wants a well-formed e-mail or mobile that is not the one already bound', () => {
    expect(targetProblem('email', ' Ann@Example.com ', '')).toBeNull();
    expect(targetProblem('email', 'ann@', '')).toEqual({ field: 'value', key: 'kernel:validation.email' });
    expect(targetProblem('email', 'ANN@example.com', 'ann@example.com')).toEqual({ field: 'value', key: 'security:message.same_email' });
    expect(targetProblem('mobile', '13800138000', '')).toBeNull();
    expect(targetProblem('mobile', '12800138000', '')).toEqual({ field: 'value', key: 'kernel:validation.phone' });
    expect(targetProblem('mobile', '13800138000', '13800138000')).toEqual({ field: 'value', key: 'security:message.same_mobile' });
  });

  it('stores e-mail addresses in lower case', () => {
    expect(normaliseTarget('email', ' Ann@Example.COM ')).toBe('ann@example.com');
    expect(normaliseTarget('mobile', ' 13800138000 ')).toBe('13800138000');
  });

  it('then wants a code of four to six digits', () => {
    expect(bindProblem('mobile', { value: '13800138000', code: '12345' }, '')).toBeNull();
    expect(bindProblem('mobile', { value: '13800138000', code: '12a' }, '')).toEqual({ field: 'code', key: 'kernel:validation.code' });
    expect(bindProblem('mobile', { value: '1', code: '' }, '')?.field).toBe('value');
  });

  it('asks for the password before checking it', () => {
    expect(checkProblem({ password: '' })).toEqual({ field: 'password', key: 'security:validation.password_required' });
    expect(checkProblem({ password: 'x' })).toBeNull();
  });

  it('wants the old password, a new one by the one rule (6–20 letters and digits) that differs from it, and the same again', () => {
    const ok = { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' };
    expect(passwordProblem(ok)).toBeNull();
    expect(passwordProblem({ ...ok, oldpassword: '' })?.field).toBe('oldpassword');
    for (const next of ['abc12', 'abcdefgh', '12345678', 'abc123'.repeat(4)]) {
      expect(passwordProblem({ ...ok, newpassword: next, renewpassword: next })).toEqual({ field: 'newpassword', key: 'kernel:validation.password_strength' });
    }
    expect(passwordProblem({ ...ok, newpassword: 'old-pass-1', renewpassword: 'old-pass-1' })?.key).toBe('security:validation.password_same');
    expect(passwordProblem({ ...ok, renewpassword: 'new-pass-3' })).toEqual({ field: 'renewpassword', key: 'kernel:validation.password_mismatch' });
  });
});
