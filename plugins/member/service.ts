/**
 * The member plugin's rules on the server: profile edits and the avatar. Both change the token's
 * user only (through the kernel's `users.update`), and answer the fresh user info for the session.
 */
import { BizError } from '@kernel/core/errors';
import type { PayloadOut } from '@kernel/core/contract';
import type { UserInfo } from '@kernel/core/user';
import { businessDate } from '@kernel/server/clock';
import type { CallContext } from '@kernel/server/plugin';
import type { memberContract } from './contract';
import { birthdayRange, isBirthday } from './profile-rules';

type Ctx = Pick<CallContext, 'db' | 'services' | 'requireUser' | 't'>;

export async function updateProfile(ctx: Ctx, input: PayloadOut<typeof memberContract.updateProfile>): Promise<UserInfo> {
  const user = ctx.requireUser();
  if (input.birthday !== undefined) {
    // "The current year" is the business calendar's (Asia/Shanghai), by the server's clock.
    const year = Number(businessDate(ctx.services.clock.now()).slice(0, 4));
    if (!isBirthday(input.birthday, year)) {
      const { min, max } = birthdayRange(year);
      // The message says what is wrong on its own; `field` lets the form show it under the birthday.
      const message = ctx.t('member:validation.birthday_range', { min, max });
      throw new BizError('member:validation.birthday_range', { min, max }, { field: 'birthday', message });
    }
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
