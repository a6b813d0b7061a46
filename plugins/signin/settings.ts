/** The sign-in plugin's settings (a site sets them under `plugins.signin.settings`); every key has a default. */
import * as z from 'zod/mini';
import { setting as whole } from '@kernel/core/schemas';

export const signinSettings = z.object({
  /** Points every signed day gives. */
  points: whole(0, 100_000, 10),
  /** Extra points on the Nth consecutive day: `{ "3": 5, "7": 20 }` adds 5 on the 3rd day in a row and 20 on the 7th. */
  streakBonus: z._default(
    z.record(z.string().check(z.regex(/^[1-9]\d{0,2}$/, { error: 'a streak bonus is keyed by a day count from 1 to 999' })), z.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
    { '3': 5, '7': 20 },
  ),
  /** Whether a missed earlier day of the current month may be signed afterwards (spec §3, sign-in rules). */
  retroactive: z._default(z.boolean(), true),
  /** Score one retroactive sign-in costs; the shopper's score must cover it. */
  retroactiveCost: whole(0, 100_000, 20),
  /** Retroactive sign-ins a shopper may make in one calendar month. */
  retroactiveMonthlyLimit: whole(0, 31, 3),
});
export type SigninSettings = z.output<typeof signinSettings>;
