/**
 * Forgot password: the code sent for event `resetpwd` to the account's mobile or e-mail proves
 * the shopper owns it; the new password (the one rule) replaces the old one and every session of
 * the account ends, a thief's included. The shopper then logs in with the new password.
 */
import { BizError } from '@kernel/core/errors';
import type { PayloadOut } from '@kernel/core/contract';
import type { CallContext } from '@kernel/server/plugin';
import { normaliseEmail } from './account';
import { beside } from './beside';
import type { authContract } from './contract';
import { findByEmail, findByMobile } from './users';

type Ctx = Pick<CallContext, 'db' | 'services'>;
type ResetInput = PayloadOut<typeof authContract.resetPassword>;

export async function resetPassword(ctx: Ctx, input: ResetInput): Promise<null> {
  const { db, services } = ctx;
  const byMobile = input.type === 'mobile';
  const target = byMobile ? input.account : normaliseEmail(input.account);
  const user = byMobile ? await findByMobile(ctx, target) : await findByEmail(ctx, target);
  // Refusals that do not touch the code come first, so a typo never burns it.
  if (!user) throw new BizError(byMobile ? 'auth:message.mobile_not_registered' : 'auth:message.email_not_registered', {}, { field: 'account' });
  if (user.locked) throw new BizError('auth:message.account_locked');
  // Wrong, expired or too often guessed: the codes service counts the attempt and says which.
  await beside('captcha', services.codes.verify({ channel: byMobile ? 'sms' : 'email', target, event: 'resetpwd', code: input.captcha }));

  await services.users.update(db, user.id, { password: input.newpassword });
  await services.tokens.revokeAll(user.id);
  return null;
}
