/**
 * The member plugin's rules on the server: profile edits and the avatar. Both write the kernel's
 * user table for the token's user only, and answer the fresh user info for the session.
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
  const changes = {
    ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
    ...(input.gender !== undefined ? { gender: input.gender } : {}),
    ...(input.birthday !== undefined ? { birthday: input.birthday || null } : {}),
    ...(input.motto !== undefined ? { motto: input.motto } : {}),
  };
  if (Object.keys(changes).length > 0) await ctx.db.updateTable('kernel_user').set(changes).where('id', '=', user.id).execute();
  return ctx.services.users.info(user.id);
}

/**
 * Only a picture this shopper uploaded through the kernel's upload (so its content was sniffed
 * and it lives under /uploads/) may become their avatar: no outside URL, no one else's file.
 */
export async function changeAvatar(ctx: Ctx, input: PayloadOut<typeof memberContract.changeAvatar>): Promise<UserInfo> {
  const user = ctx.requireUser();
  const upload = await ctx.db
    .selectFrom('kernel_upload')
    .select('id')
    .where('url', '=', input.avatar)
    .where('user_id', '=', user.id)
    .where('mime', 'like', 'image/%')
    .executeTakeFirst();
  if (!upload) throw new BizError('member:message.avatar_not_uploaded');
  await ctx.db.updateTable('kernel_user').set({ avatar: input.avatar }).where('id', '=', user.id).execute();
  return ctx.services.users.info(user.id);
}
