/**
 * How the auth plugin finds accounts: by what a shopper types to log in (username, e-mail or
 * mobile) and an inviter by code. The accounts are the kernel's (`services.users`).
 */
import type { FieldIssue } from '@kernel/core/errors';
import type { CallContext, UserRecord } from '@kernel/server/plugin';
import { accountKind, normaliseEmail } from './account';

type Ctx = Pick<CallContext, 'db' | 'services'>;

export async function findByAccount(ctx: Ctx, account: string): Promise<UserRecord | null> {
  const value = account.trim();
  switch (accountKind(value)) {
    case 'email':
      return findByEmail(ctx, value);
    case 'mobile':
      return findByMobile(ctx, value);
    case 'username':
      return ctx.services.users.find(ctx.db, { username: value });
  }
}

export function findByMobile(ctx: Ctx, mobile: string): Promise<UserRecord | null> {
  return ctx.services.users.find(ctx.db, { mobile: mobile.trim() });
}

export function findByEmail(ctx: Ctx, email: string): Promise<UserRecord | null> {
  return ctx.services.users.find(ctx.db, { email: normaliseEmail(email) });
}

/** The id of the user whose invite code this is, or null for a code nobody has. */
export async function inviterId(ctx: Ctx, code: string): Promise<number | null> {
  // Codes are upper case; shoppers type them from screenshots in any case.
  const inviter = await ctx.services.users.find(ctx.db, { invite: code.trim().toUpperCase() });
  return inviter?.id ?? null;
}

/** Every identity field another account already holds, each beside its field (not only the first). */
export async function takenFields(ctx: Ctx, who: { username: string; email: string | null; mobile: string | null }): Promise<FieldIssue[]> {
  const checks = [
    { field: 'username', key: 'kernel:message.username_taken', by: { username: who.username } },
    ...(who.email ? [{ field: 'email', key: 'kernel:message.email_taken', by: { email: who.email } }] : []),
    ...(who.mobile ? [{ field: 'mobile', key: 'kernel:message.mobile_taken', by: { mobile: who.mobile } }] : []),
  ];
  const held = await Promise.all(checks.map(({ by }) => ctx.services.users.find(ctx.db, by)));
  return checks.filter((_, i) => held[i] !== null).map(({ field, key }) => ({ field, key }));
}
