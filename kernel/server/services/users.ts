/**
 * The kernel's users: accounts as replies show them (UserInfo of spec §3), account creation
 * shared by every sign-up path, look-ups, password checks and the fields plugins may change.
 * Balances are not among them: money and points move only through the ledger.
 */
import crypto from 'node:crypto';
import type { Updateable } from 'kysely';
import { BizError } from '../../core/errors';
import { formatYuan } from '../../core/money';
import type { UserInfo } from '../../core/user';
import type { Clock } from '../clock';
import type { KernelUserTable } from '../database';
import type { Db, Identity, ServerServices, UserPatch } from '../plugin';
import { findUser, staffUsers, usersByIds } from './user-records';
import type { TokenCache } from './token-cache';

// No 0/O or 1/I: invite codes are read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const inviteCode = () => Array.from({ length: 6 }, () => INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)]).join('');

/** `tokenCache`: a locked account's tokens are dropped from it (./token-cache.ts). */
export function createUsers(db: Db, clock: Clock, passwords: ServerServices['passwords'], tokenCache?: TokenCache): ServerServices['users'] {
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= passwords.hash('decoy-password-0'));

  return {
    find: findUser,
    byIds: usersByIds,
    staff: staffUsers,

    async verifyPassword(userId, plain) {
      const row = userId === null ? undefined : await db.selectFrom('kernel_user').select('password_hash').where('id', '=', userId).executeTakeFirst();
      // An unknown account still pays for one hash check, so the reply time does not tell them apart.
      const matches = await passwords.verify(row?.password_hash ?? (await decoy()), plain);
      return row !== undefined && matches;
    },

    async update(q, userId, patch) {
      const changes = await columnsOf(patch, passwords);
      if (Object.keys(changes).length === 0) {
        if (!(await findUser(q, { id: userId }))) throw new BizError('kernel:message.user_not_found');
        return;
      }
      let updated: bigint;
      try {
        updated = (await q.updateTable('kernel_user').set(changes).where('id', '=', userId).executeTakeFirst()).numUpdatedRows;
      } catch (error) {
        // Another account holds the new binding: answer as `taken` would, without a read (a failed
        // statement aborts a PostgreSQL transaction).
        if (isUniqueViolation(error)) throw new BizError(takenBinding(error, patch));
        throw error;
      }
      if (Number(updated) !== 1) throw new BizError('kernel:message.user_not_found');
      if (patch.locked) tokenCache?.dropUser(userId);
    },

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
            jointime: clock.nowSeconds(),
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

/** The columns a patch changes; the password is hashed here, so no plugin ever holds a hash. */
async function columnsOf(patch: UserPatch, passwords: ServerServices['passwords']): Promise<Updateable<KernelUserTable>> {
  const changes: Updateable<KernelUserTable> = {};
  if (patch.nickname !== undefined) changes.nickname = patch.nickname;
  if (patch.gender !== undefined) changes.gender = patch.gender;
  if (patch.birthday !== undefined) changes.birthday = patch.birthday || null;
  if (patch.motto !== undefined) changes.motto = patch.motto;
  if (patch.avatar !== undefined) changes.avatar = patch.avatar;
  // '' is no binding: NULLs never collide in the unique indexes, empty strings would.
  if (patch.email !== undefined) changes.email = patch.email || null;
  if (patch.mobile !== undefined) changes.mobile = patch.mobile || null;
  if (patch.password !== undefined) changes.password_hash = await passwords.hash(patch.password);
  if (patch.locked !== undefined) changes.status = patch.locked ? 0 : 1;
  if (patch.lastLogin !== undefined) {
    changes.lastlogintime = patch.lastLogin.at;
    changes.lastloginip = patch.lastLogin.ip;
  }
  return changes;
}

/** Which binding a unique violation of an update is about: the index named in the error, else the one patched. */
function takenBinding(error: unknown, patch: UserPatch): string {
  const { message, constraint } = error as { message?: unknown; constraint?: unknown };
  const text = `${String(message ?? '')} ${String(constraint ?? '')}`;
  if (/mobile/.test(text)) return 'kernel:message.mobile_taken';
  if (/email/.test(text)) return 'kernel:message.email_taken';
  return patch.email ? 'kernel:message.email_taken' : 'kernel:message.mobile_taken';
}

/** SQLite's SQLITE_CONSTRAINT_UNIQUE or PostgreSQL's 23505. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
