/** Passwords are hashed with argon2id, never stored or logged in the clear. */
import { hash, verify, type Options } from '@node-rs/argon2';
import type { ServerServices } from '../plugin';

/** How hard a hash is to compute: argon2id's memory (KiB), passes and lanes. */
export type PasswordCost = Required<Pick<Options, 'memoryCost' | 'timeCost' | 'parallelism'>>;

/** What every shop uses: OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane), @node-rs/argon2's default. */
export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * The test harness's cost (kernel/server/testing.ts): the smallest argon2id allows. The suite hashes
 * about 800 passwords, which at the production cost take most of a core for a minute. Each hash
 * carries its own cost, so verifying is the same code either way; passwords.test.ts and
 * app.test.ts prove the production cost is what a shop gets.
 */
export const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 8, timeCost: 1, parallelism: 1 };

export function createPasswords(cost: PasswordCost = PRODUCTION_PASSWORD_COST): ServerServices['passwords'] {
  return {
    hash: (plain) => hash(plain, cost),
    async verify(hashed, plain) {
      try {
        return await verify(hashed, plain);
      } catch {
        // A malformed stored hash is a refusal, not a crash.
        return false;
      }
    },
  };
}
