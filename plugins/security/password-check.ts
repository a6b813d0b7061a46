/**
 * The password the shopper types before sensitive changes: verified against the account, with
 * attempts limited per user (check and change together, so neither call helps a guesser), and a
 * short-lived "checked" mark that unbinding and changing a binding require.
 */
import { BizError } from '@kernel/core/errors';
import type { CallContext, Db } from '@kernel/server/plugin';
import type { SecuritySettings } from './settings';
import type {} from './tables';

type Ctx = Pick<CallContext<SecuritySettings>, 'db' | 'services' | 'settings'>;

const throttleKey = (userId: number) => `security:password:${userId}`;

/** True when `password` is the user's; every attempt counts toward the limit, a success clears the count. */
export async function passwordMatches(ctx: Ctx, userId: number, password: string): Promise<boolean> {
  await ctx.services.rateLimit.hit(throttleKey(userId), ctx.settings.passwordTries, ctx.settings.passwordWindowMinutes * 60);
  if (!(await ctx.services.users.verifyPassword(userId, password))) return false;
  await ctx.services.rateLimit.reset(throttleKey(userId));
  return true;
}

/** /api/account/checkPassword: sets (or renews) the mark; answers until when it holds. */
export async function checkPassword(ctx: Ctx, userId: number, password: string): Promise<{ valid_until: number }> {
  if (!(await passwordMatches(ctx, userId, password))) throw new BizError('security:message.password_wrong');
  const validUntil = ctx.services.clock.nowSeconds() + ctx.settings.passwordCheckMinutes * 60;
  await ctx.db
    .insertInto('security_password_check')
    .values({ user_id: userId, valid_until: validUntil })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ valid_until: validUntil }))
    .execute();
  return { valid_until: validUntil };
}

/**
 * Refuses unless the user checked their password within the last few minutes. The refusal's data
 * (`password_check: true`) tells the page to ask for the password again.
 */
export async function requireRecentCheck(ctx: Ctx, userId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('security_password_check')
    .select('valid_until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || Number(row.valid_until) <= ctx.services.clock.nowSeconds()) {
    throw new BizError('security:message.password_check_required', {}, { password_check: true });
  }
}

/** After a password change the old checks mean nothing. */
export async function forgetChecks(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('security_password_check').where('user_id', '=', userId).execute();
}
