/** Accounts as replies show them (UserInfo of spec §3) and account creation shared by every sign-up path. */
import crypto from 'node:crypto';
import { BizError } from '../../core/errors';
import { formatYuan } from '../../core/money';
import type { UserInfo } from '../../core/user';
import type { Clock } from '../clock';
import type { Db, Identity, ServerServices } from '../plugin';

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
        is_staff: user.is_staff === 1 ? 1 : 0,
      };
      return info;
    },

    taken: (identity, q) => takenField(q ?? db, identity),

    async create(input, tx) {
      const hash = await passwords.hash(input.password);
      const run = async (q: typeof db) => {
        const email = input.email || null;
        const mobile = input.mobile || null;
        const taken = await takenField(q, { username: input.username, email, mobile });
        if (taken) throw new BizError(taken);
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
      try {
        return await (tx ? run(tx) : db.transaction().execute(run));
      } catch (error) {
        // Two sign-ups racing past the check meet at the unique index: answer as the check would.
        if (!isUniqueViolation(error)) throw error;
        const taken = await takenField(db, { username: input.username, email: input.email || null, mobile: input.mobile || null });
        throw new BizError(taken ?? 'kernel:message.username_taken');
      }
    },
  };
}

/** The identity field another account already holds, as the i18n key of its refusal. */
async function takenField(q: Db, who: Identity): Promise<string | null> {
  const rows = await q
    .selectFrom('kernel_user')
    .select(['username', 'email', 'mobile'])
    .where((eb) =>
      eb.or([
        eb('username', '=', who.username),
        ...(who.email ? [eb('email', '=', who.email)] : []),
        ...(who.mobile ? [eb('mobile', '=', who.mobile)] : []),
      ]),
    )
    .execute();
  if (rows.some((r) => r.username === who.username)) return 'kernel:message.username_taken';
  if (who.email && rows.some((r) => r.email === who.email)) return 'kernel:message.email_taken';
  if (who.mobile && rows.some((r) => r.mobile === who.mobile)) return 'kernel:message.mobile_taken';
  return null;
}

/** SQLite's SQLITE_CONSTRAINT_UNIQUE or PostgreSQL's 23505. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
