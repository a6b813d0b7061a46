/**
 * Binding an e-mail or mobile to the shopper's account, and removing it. One address or number
 * belongs to one account: the kernel's `users.taken` refuses early, and `users.update` refuses
 * the one of two accounts racing for the same one that comes second.
 */
import { BizError } from '@kernel/core/errors';
import type { PayloadOut } from '@kernel/core/contract';
import type { UserInfo } from '@kernel/core/user';
import type { CallContext, Identity } from '@kernel/server/plugin';
import type { Binding, securityContract } from './contract';
import { normaliseTarget } from './forms';
import { requireRecentCheck } from './password-check';
import type { SecuritySettings } from './settings';

type Ctx = Pick<CallContext<SecuritySettings>, 'db' | 'services' | 'settings' | 'requireUser'>;

/** Where each binding's code goes, and the event the auth plugin sent it for. */
const CODES = {
  email: { channel: 'email', event: 'changeemail' },
  mobile: { channel: 'sms', event: 'changemobile' },
} as const;

/**
 * E-mail addresses are stored and compared in lower case, as the auth plugin sends codes to them
 * and logs in with them (`Demo@Example.com` is `demo@example.com`).
 */
const normalise = normaliseTarget;

/** Only the e-mail or mobile: the username is the account's own, so it never counts as taken here. */
const identity = (type: Binding, value: string): Identity => ({
  username: '',
  email: type === 'email' ? value : null,
  mobile: type === 'mobile' ? value : null,
});

async function current(ctx: Ctx, userId: number) {
  const user = await ctx.services.users.find(ctx.db, { id: userId });
  if (!user) throw new BizError('kernel:message.user_not_found');
  return user;
}

export async function changeBinding(ctx: Ctx, input: PayloadOut<typeof securityContract.changeBind>): Promise<UserInfo> {
  const user = ctx.requireUser();
  const value = normalise(input.type, input.value);
  const bound = (await current(ctx, user.id))[input.type];
  // Cheap refusals first, so a mistake never burns the shopper's code.
  if (bound === value) throw new BizError(`security:message.same_${input.type}`);
  if (bound) await requireRecentCheck(ctx, user.id);
  const taken = await ctx.services.users.taken(identity(input.type, value));
  if (taken) throw new BizError(taken);
  await ctx.services.codes.verify({ ...CODES[input.type], target: value, code: input.code });
  // Another account taking it between the check and the write is refused here as the check would.
  await ctx.services.users.update(ctx.db, user.id, { [input.type]: value });
  return ctx.services.users.info(user.id);
}

/** Username and password always remain a way in, so either binding may go (after a password check). */
export async function unbind(ctx: Ctx, type: Binding): Promise<UserInfo> {
  const user = ctx.requireUser();
  if (!(await current(ctx, user.id))[type]) throw new BizError(`security:message.not_bound_${type}`);
  await requireRecentCheck(ctx, user.id);
  await ctx.services.users.update(ctx.db, user.id, { [type]: null });
  return ctx.services.users.info(user.id);
}
