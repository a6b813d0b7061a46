/**
 * The auth plugin's reads of the kernel's user table: look-ups by account, the early duplicate
 * check of registration, invite codes, and the last-login stamp. Accounts themselves are
 * created by the kernel (`services.users.create`).
 */
import type { Selectable } from 'kysely';
import { BizError } from '@kernel/core/errors';
import type { KernelUserTable } from '@kernel/server/database';
import type { Db } from '@kernel/server/plugin';
import { accountKind, normaliseEmail } from './account';

export type UserRow = Selectable<KernelUserTable>;

export async function findByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const value = account.trim();
  const query = db.selectFrom('kernel_user').selectAll();
  switch (accountKind(value)) {
    case 'email':
      return query.where('email', '=', normaliseEmail(value)).executeTakeFirst();
    case 'mobile':
      return query.where('mobile', '=', value).executeTakeFirst();
    case 'username':
      return query.where('username', '=', value).executeTakeFirst();
  }
}

export async function findByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  return db.selectFrom('kernel_user').selectAll().where('mobile', '=', mobile.trim()).executeTakeFirst();
}

export async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('kernel_user').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}



/** The id of the user whose invite code this is; an unknown code is refused rather than ignored. */
export async function inviterId(db: Db, code: string): Promise<number> {
  // Codes are upper case; shoppers type them from screenshots in any case.
  const invite = code.trim().toUpperCase();
  const row = await db.selectFrom('kernel_user').select('id').where('invite', '=', invite).executeTakeFirst();
  if (!row) throw new BizError('auth:message.invite_unknown', { invite }, { field: 'invite' });
  return row.id;
}

export async function recordLogin(db: Db, userId: number, ip: string, now: number): Promise<void> {
  await db.updateTable('kernel_user').set({ lastlogintime: now, lastloginip: ip }).where('id', '=', userId).execute();
}
