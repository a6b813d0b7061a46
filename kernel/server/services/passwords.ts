/** Passwords are hashed with argon2id (the @node-rs/argon2 default), never stored or logged in the clear. */
import { hash, verify } from '@node-rs/argon2';
import type { ServerServices } from '../plugin';

export function createPasswords(): ServerServices['passwords'] {
  return {
    hash: (plain) => hash(plain),
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
