import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './mask';

describe('masks', () => {
  it('hides the middle four digits of a mobile number', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('')).toBe('');
    expect(maskMobile('n/a')).toBe('n/a');
  });

  it("hides most of an e-mail address's name, never the domain", () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('')).toBe('');
  });
});
