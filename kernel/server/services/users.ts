/** Accounts as replies show them (UserInfo of spec §3) and account creation shared by every sign-up path. */
import crypto from 'node:crypto';
import { BizError } from '../../core/errors';
import { formatYuan } from '../../core/money';
import type { UserInfo } from '../../core/user';
import type { Clock } from '../clock';
import type { Db, ServerServices } from '../plugin';

// No 0/O or 1/I: invite codes are read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const inviteCode = () => Array.from({ length: 6 }, () => INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)]).join('');

export function createUsers(db: Db, clock: Clock, passwords: ServerServices['passwords']): ServerServices['users'] {
  return {
    async info(userId, tokens) {
      const user = await db.selectFrom('kernel_user').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw new BizError('kernel:message.user_not_found');
      const info: UserInfo = {
        id: user.id,
        username: user.username,
        nickname: user.nickname,
        email: user.email ?? '',
        mobile: user.mobile ?? '',
        avatar: user.avatar,
        gender: user.gender === 1 || user.gender === 2 ? user.gender : 0,
        birthday: user.birthday ?? '',
        money: formatYuan(Number(user.money)),
        score: Number(user.score),
        lastlogintime: user.lastlogintime ?? 0,
        lastloginip: user.lastloginip,
        jointime: user.jointime,
        motto: user.motto,
        token: tokens?.token ?? '',
        refreshToken: tokens?.refreshToken ?? '',
        cartNum: 0,
        cartList: [],
        openid: '',
        unionid: '',
        invite: user.invite,
      };
      return info;
    },

    async create(input, tx) {
      const hash = await passwords.hash(input.password);
      const run = async (q: typeof db) => {
        const email = input.email || null;
        const mobile = input.mobile || null;
        const taken = await q
          .selectFrom('kernel_user')
          .select(['username', 'email', 'mobile'])
          .where((eb) =>
            eb.or([
              eb('username', '=', input.username),
              ...(email ? [eb('email', '=', email)] : []),
              ...(mobile ? [eb('mobile', '=', mobile)] : []),
            ]),
          )
          .execute();
        if (taken.some((u) => u.username === input.username)) throw new BizError('kernel:message.username_taken');
        if (email && taken.some((u) => u.email === email)) throw new BizError('kernel:message.email_taken');
        if (mobile && taken.some((u) => u.mobile === mobile)) throw new BizError('kernel:message.mobile_taken');
        let invite = inviteCode();
        while (await q.selectFrom('kernel_user').select('id').where('invite', '=', invite).executeTakeFirst()) invite = inviteCode();
        const row = await q
          .insertInto('kernel_user')
          .values({
            username: input.username,
            nickname: input.nickname ?? input.username,
            password_hash: hash,
            email,
            mobile,
            avatar: input.avatar ?? '',
            gender: 0,
            birthday: null,
            money: 0,
            score: 0,
            motto: '',
            invite,
            parent_id: input.parentId ?? null,
            is_staff: input.isStaff ? 1 : 0,
            status: 1,
            jointime: Math.floor(clock.now() / 1000),
            joinip: input.ip ?? '',
            lastlogintime: null,
            lastloginip: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      return tx ? run(tx) : db.transaction().execute(run);
    },
  };
}
