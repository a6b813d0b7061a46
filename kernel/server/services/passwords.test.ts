import { describe, expect, it } from 'vitest';
import { createPasswords, PRODUCTION_PASSWORD_COST, TEST_PASSWORD_COST } from './passwords';

/** The cost a PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash` was made with. */
const costOf = (hashed: string) => {
  const [, m, t, p] = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hashed) ?? [];
  return { memoryCost: Number(m), timeCost: Number(t), parallelism: Number(p) };
};

describe('passwords', () => {
  const passwords = createPasswords();

  it('hashes with argon2id and verifies only the right password', async () => {
    const hashed = await passwords.hash('secret123');
    expect(hashed.startsWith('$argon2id$')).toBe(true);
    expect(hashed).not.toContain('secret123');
    expect(await passwords.verify(hashed, 'secret123')).toBe(true);
    expect(await passwords.verify(hashed, 'secret124')).toBe(false);
  });

  it('hashes at the production cost unless told otherwise: 19 MiB, 2 passes, 1 lane', async () => {
    expect(PRODUCTION_PASSWORD_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(costOf(await passwords.hash('secret123'))).toEqual(PRODUCTION_PASSWORD_COST);
  });

  it("verifies a hash whatever cost made it, so the test harness's cheaper hashes take the same path", async () => {
    const cheap = await createPasswords(TEST_PASSWORD_COST).hash('secret123');
    expect(costOf(cheap)).toEqual(TEST_PASSWORD_COST);
    expect(await passwords.verify(cheap, 'secret123')).toBe(true);
    expect(await passwords.verify(cheap, 'secret124')).toBe(false);
    const strong = await passwords.hash('secret123');
    expect(await createPasswords(TEST_PASSWORD_COST).verify(strong, 'secret123')).toBe(true);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await passwords.verify('not-a-hash', 'secret123')).toBe(false);
  });
});
