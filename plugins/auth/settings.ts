/** The auth plugin's settings (a site sets them under `plugins.auth.settings` in its config file). */
import * as z from 'zod/mini';

/** A provider id as the registry spells it (`local`, `wechat`): the `type` of the third-party calls. */
export const PROVIDER_ID = /^[a-z][a-z0-9_]{1,31}$/;

export const authSettings = z.object({
  /**
   * The third-party platforms shoppers may log in with, by provider id (./third/registry.ts), in
   * the order the login page shows them. None by default. `local` is the offline pretend platform
   * of demos and tests: anyone who types a name is that identity, so a real shop never lists it.
   */
  thirdLogin: z._default(z.array(z.string().check(z.regex(PROVIDER_ID, { error: 'a provider id such as local or wechat' }))), []),
  /**
   * Registrations from one ip per hour (each one costs an argon2 hash and makes an account); 0 for
   * no limit, for a site whose tests or benchmarks register many shoppers from one machine.
   */
  registrationsPerIpHour: z._default(z.number().check(z.int(), z.minimum(0)), 10),
});
export type AuthSettings = z.output<typeof authSettings>;
