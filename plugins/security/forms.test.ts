import { describe, expect, it } from 'vitest';
import { bindProblems, checkProblem, normaliseTarget, passwordProblems, targetProblem } from './forms';

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

  it('then wants a code of four to six digits, naming a bad target and a bad code at once', () => {
    expect(bindProblems('mobile', { value: '13800138000', code: '12345' }, '')).toEqual([]);
    expect(bindProblems('mobile', { value: '13800138000', code: '12a' }, '')).toEqual([{ field: 'code', key: 'kernel:validation.code' }]);
    expect(bindProblems('email', { value: 'ann@', code: '' }, '')).toEqual([
      { field: 'value', key: 'kernel:validation.email' },
      { field: 'code', key: 'kernel:validation.code' },
    ]);
  });

  it('asks for the password before checking it', () => {
    expect(checkProblem({ password: '' })).toEqual({ field: 'password', key: 'security:validation.password_required' });
    expect(checkProblem({ password: 'x' })).toBeNull();
  });

  it('wants the old password, a new one by the one rule (6–20 letters and digits) that differs from it, and the same again', () => {
    const ok = { oldpassword: 'old-pass-1', newpassword: 'new-pass-2', renewpassword: 'new-pass-2' };
    expect(passwordProblems(ok)).toEqual([]);
    expect(passwordProblems({ ...ok, oldpassword: '' }).map((p) => p.field)).toEqual(['oldpassword']);
    for (const next of ['abc12', 'abcdefgh', '12345678', 'abc123'.repeat(4)]) {
      expect(passwordProblems({ ...ok, newpassword: next, renewpassword: next })).toEqual([{ field: 'newpassword', key: 'kernel:validation.password_strength' }]);
    }
    expect(passwordProblems({ ...ok, newpassword: 'old-pass-1', renewpassword: 'old-pass-1' }).map((p) => p.key)).toEqual(['security:validation.password_same']);
    expect(passwordProblems({ ...ok, renewpassword: 'new-pass-3' })).toEqual([{ field: 'renewpassword', key: 'kernel:validation.password_mismatch' }]);
  });

  it('names every problem at once: a letters-only password and a mismatched confirmation both', () => {
    expect(passwordProblems({ oldpassword: '', newpassword: 'abcdefgh', renewpassword: 'abcdefgi' })).toEqual([
      { field: 'oldpassword', key: 'security:validation.old_password' },
      { field: 'newpassword', key: 'kernel:validation.password_strength' },
      { field: 'renewpassword', key: 'kernel:validation.password_mismatch' },
    ]);
  });
});
