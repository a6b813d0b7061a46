/**
 * The member plugin's rules on the server: profile edits and the avatar. Both change the token's
 * user only (through the kernel's `users.update`), and answer the fresh user info for the session.
 */
import { BizError, FieldsError } from '@kernel/core/errors';
import type { PayloadOut } from '@kernel/core/contract';
import type { UserInfo } from '@kernel/core/user';
import { businessDate } from '@kernel/server/clock';
import type { CallContext } from '@kernel/server/plugin';
import type { memberContract } from './contract';
import { birthdayRefusal } from './profile-rules';

type Ctx = Pick<CallContext, 'db' | 'services' | 'requireUser'>;

export async function updateProfile(ctx: Ctx, input: PayloadOut<typeof memberContract.updateProfile>): Promise<UserInfo> {
  const user = ctx.requireUser();
  if (input.birthday !== undefined) {
    // "Today" is the business calendar's (Asia/Shanghai), by the server's clock.
    const refusal = birthdayRefusal(input.birthday, businessDate(ctx.services.clock.now()));
    if (refusal) throw new FieldsError([{ field: 'birthday', ...refusal }]);
  }
  const { nickname, gender, birthday, motto } = input;
  await ctx.services.users.update(ctx.db, user.id, { nickname, gender, birthday, motto });
  return ctx.services.users.info(user.id);
}

/**
 * Only a picture this shopper uploaded through the kernel's upload (so its content was sniffed
 * and it lives under /uploads/) may become their avatar: no outside URL, no one else's file.
 */
export async function changeAvatar(ctx: Ctx, input: PayloadOut<typeof memberContract.changeAvatar>): Promise<UserInfo> {
  const user = ctx.requireUser();
  const upload = await ctx.services.uploads.ownedBy(ctx.db, user.id, input.avatar);
  if (!upload || !upload.mime.startsWith('image/')) throw new BizError('member:message.avatar_not_uploaded');
  await ctx.services.users.update(ctx.db, user.id, { avatar: input.avatar });
  return ctx.services.users.info(user.id);
}
