/**
 * Starting a session, shared by every way of logging in: a locked account is refused, the login
 * is stamped, a token pair issued, and the user info answered with the third-party identity the
 * spec's `openid` and `unionid` carry (the platform just used, else the newest bound).
 */
import { BizError } from '@kernel/core/errors';
import type { LoginReply } from '@kernel/core/user';
import type { CallContext, UserRecord } from '@kernel/server/plugin';
import { shownIdentity } from './third/identities';

type Ctx = Pick<CallContext, 'db' | 'services' | 'ip'>;

export async function startSession(ctx: Ctx, user: Pick<UserRecord, 'id' | 'locked'>, provider?: string): Promise<LoginReply> {
  if (user.locked) throw new BizError('auth:message.account_locked');
  await ctx.services.users.update(ctx.db, user.id, { lastLogin: { at: ctx.services.clock.nowSeconds(), ip: ctx.ip } });
  const tokens = await ctx.services.tokens.issue(user.id);
  const [info, identity] = await Promise.all([ctx.services.users.info(user.id, tokens), shownIdentity(ctx.db, user.id, provider)]);
  return { userinfo: { ...info, openid: identity?.openid ?? '', unionid: identity?.unionid ?? '' } };
}
