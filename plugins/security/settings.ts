/** What a site may set under `plugins.security.settings`. */
import * as z from 'zod/mini';

export const securitySettings = z.object({
  /** How long a password check unlocks unbinding and changing a binding. */
  passwordCheckMinutes: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(60)), 5),
  /** Password attempts (check and change together) per user within `passwordWindowMinutes`. */
  passwordTries: z._default(z.number().check(z.int(), z.minimum(1)), 5),
  passwordWindowMinutes: z._default(z.number().check(z.int(), z.minimum(1)), 15),
});

export type SecuritySettings = z.output<typeof securitySettings>;
