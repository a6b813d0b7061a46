import { describe, expect, it } from 'vitest';
import { createPasswords } from './passwords';

describe('passwords', () => {
  const passwords = createPasswords();

  it('hashes with argon2id and verifies only the right password', async () => {
    const hashed = await passwords.hash('secret123');
    expect(hashed.startsWith('$argon2id$')).toBe(true);
    expect(hashed).not.toContain('secret123');
    expect(await passwords.verify(hashed, 'secret123')).toBe(true);
    expect(await passwords.verify(hashed, 'secret124')).toBe(false);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await passwords.verify('not-a-hash', 'secret123')).toBe(false);
  });
});
