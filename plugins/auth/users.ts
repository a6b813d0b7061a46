/**
 * How the auth plugin finds accounts: by what a shopper types to log in (username, e-mail or
 * mobile) and an inviter by code. The accounts are the kernel's (`services.users`).
 */
import { BizError } from '@kernel/core/errors';
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

/** The id of the user whose invite code this is; an unknown code is refused rather than ignored. */
export async function inviterId(ctx: Ctx, code: string): Promise<number> {
  // Codes are upper case; shoppers type them from screenshots in any case.
  const invite = code.trim().toUpperCase();
  const inviter = await ctx.services.users.find(ctx.db, { invite });
  if (!inviter) throw new BizError('auth:message.invite_unknown', { invite }, { field: 'invite' });
  return inviter.id;
}
