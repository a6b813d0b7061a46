/**
 * Changing the password: the old one must be right (attempts limited as for the password check),
 * then every other session of the shopper ends — a thief's included — while this one stays.
 */
import { BizError } from '@kernel/core/errors';
import type { PayloadOut } from '@kernel/core/contract';
import { requestToken } from '@kernel/server/pipeline/request-token';
import type { CallContext } from '@kernel/server/plugin';
import type { securityContract } from './contract';
import { forgetChecks, passwordMatches } from './password-check';
import type { SecuritySettings } from './settings';

type Ctx = Pick<CallContext<SecuritySettings>, 'db' | 'services' | 'settings' | 'requireUser' | 'request'>;

export async function changePassword(ctx: Ctx, input: PayloadOut<typeof securityContract.changePassword>): Promise<null> {
  const user = ctx.requireUser();
  if (!(await passwordMatches(ctx, user.id, input.oldpassword))) throw new BizError('security:message.old_password_wrong');
  await ctx.services.users.update(ctx.db, user.id, { password: input.newpassword });
  await forgetChecks(ctx.db, user.id);
  // The access token this request came with: the kernel has already checked it is the user's.
  await ctx.services.tokens.revokeOthers(user.id, requestToken(ctx.request));
  return null;
}
