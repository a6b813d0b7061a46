import { describe, expect, it } from 'vitest';
import { accountKind, normaliseEmail } from './account';

describe('login account', () => {
  it('reads an @ as an e-mail, 11 digits as a mobile, anything else as a username', () => {
    expect(accountKind('demo@example.com')).toBe('email');
    expect(accountKind('13800138000')).toBe('mobile');
    expect(accountKind('demo')).toBe('username');
    expect(accountKind('1380013800')).toBe('username');
  });

  it('compares e-mail addresses without case', () => {
    expect(normaliseEmail('  Demo@Example.COM ')).toBe('demo@example.com');
  });
});
