/**
 * Reading users as plugins see them (UserRecord: no password hash, no balances). The users
 * service exposes these; they are plain functions of a query executor as well, for the few
 * readers that hold a database but no services.
 */
import type { Selectable } from 'kysely';
import type { KernelUserTable } from '../database';
import type { Db, Tx, UserKey, UserRecord } from '../plugin';

const COLUMNS = ['id', 'username', 'nickname', 'email', 'mobile', 'avatar', 'is_staff', 'status', 'invite', 'parent_id'] as const;

type UserRow = Pick<Selectable<KernelUserTable>, (typeof COLUMNS)[number]>;

/** One user by id or a unique field; null when there is none. */
export async function findUser(q: Db | Tx, key: UserKey): Promise<UserRecord | null> {
  const users = q.selectFrom('kernel_user').select(COLUMNS);
  const query =
    'id' in key
      ? users.where('id', '=', key.id)
      : 'username' in key
        ? users.where('username', '=', key.username)
        : 'email' in key
          ? users.where('email', '=', key.email)
          : 'mobile' in key
            ? users.where('mobile', '=', key.mobile)
            : users.where('invite', '=', key.invite);
  const row = await query.executeTakeFirst();
  return row ? toUserRecord(row) : null;
}

/** Users by id; ids without a user are left out of the map. */
export async function usersByIds(q: Db | Tx, ids: readonly number[]): Promise<Map<number, UserRecord>> {
  const wanted = [...new Set(ids)];
  const users = new Map<number, UserRecord>();
  // Chunked: SQLite binds at most a few thousand parameters per statement.
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await q.selectFrom('kernel_user').select(COLUMNS).where('id', 'in', wanted.slice(i, i + 500)).execute();
    for (const row of rows) users.set(Number(row.id), toUserRecord(row));
  }
  return users;
}

/** Every staff account, locked ones included, by id. */
export async function staffUsers(q: Db | Tx): Promise<UserRecord[]> {
  const rows = await q.selectFrom('kernel_user').select(COLUMNS).where('is_staff', '=', 1).orderBy('id').execute();
  return rows.map(toUserRecord);
}

function toUserRecord(row: UserRow): UserRecord {
  return {
    id: Number(row.id),
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    mobile: row.mobile,
    avatar: row.avatar,
    isStaff: row.is_staff === 1,
    locked: row.status !== 1,
    invite: row.invite,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
  };
}
