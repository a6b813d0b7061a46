/**
 * Binding a shopper to an inviter after registration. A shopper whom nobody invited may bind
 * once, by the inviter's code; an operator may move anyone (`team rebind`, for support). Never to
 * themselves, never into a cycle of any length (A→B→C→A as surely as A↔B).
 * The check and the write are one transaction: SERIALIZABLE on PostgreSQL, so two bindings racing
 * to close a cycle (A binds to B while B binds to A) cannot both commit, since each reads the row
 * the other writes and one is aborted and run again, and then sees the cycle. SQLite runs one at a time.
 */
import { BizError, FieldsError } from '@kernel/core/errors';
import { inviterOf, setInviter } from '@kernel/server/invite-tree';
import type { Db, ServerServices, Tx } from '@kernel/server/plugin';
import type { TeamParent } from './contract';
import { wouldCycle } from './tree';
import type {} from './tables';

export interface Binding {
  parentId: number;
  /** Unix seconds: the latest binding's time, or the registration's when it came with the code. */
  boundAt: number;
}

/** Who invited `userId`, and since when; null for nobody. */
export async function bindingOf(db: Db | Tx, userId: number): Promise<Binding | null> {
  const user = await inviterOf(db, userId);
  if (!user || user.parentId === null) return null;
  const latest = await db.selectFrom('team_binding').select('created_at').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return { parentId: user.parentId, boundAt: Number(latest?.created_at ?? user.joinedAt) };
}

/** The shopper `userId` (invited by nobody) binds to the owner of `code`; the inviter as the page shows them. */
export async function bindByCode(db: Db, services: ServerServices, userId: number, code: string, now: number): Promise<TeamParent> {
  const invite = code.trim().toUpperCase();
  return db.transaction().execute(async (tx) => {
    const parent = await services.users.find(tx, { invite });
    if (!parent) throw new FieldsError([{ field: 'invite', key: 'team:message.invite_unknown', params: { invite } }]);
    if (parent.id === userId) throw new FieldsError([{ field: 'invite', key: 'team:message.invite_self' }]);
    if (await wouldCycle(tx, userId, parent.id)) throw new FieldsError([{ field: 'invite', key: 'team:message.invite_cycle' }]);
    // Only a shopper invited by nobody: the binding never changes afterwards (but by an operator).
    if (!(await setInviter(tx, userId, parent.id, { onlyIfNone: true }))) throw new BizError('team:message.already_bound');
    await tx.insertInto('team_binding').values({ user_id: userId, parent_id: parent.id, previous_id: null, via: 'code', created_at: now }).execute();
    return { nickname: parent.nickname || parent.username, avatar: parent.avatar, bound_at: now };
  });
}

/** An operator moves `userId` under `parentId` (support); refused when it would close a cycle. The previous inviter, or null. */
export async function rebind(db: Db, userId: number, parentId: number, now: number): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const user = await inviterOf(tx, userId);
    if (!user) throw new BizError('team:message.no_user', { user: userId });
    if (!(await inviterOf(tx, parentId))) throw new BizError('team:message.no_user', { user: parentId });
    if (await wouldCycle(tx, userId, parentId)) throw new BizError('team:message.rebind_cycle', { user: userId, parent: parentId });
    await setInviter(tx, userId, parentId);
    await tx.insertInto('team_binding').values({ user_id: userId, parent_id: parentId, previous_id: user.parentId, via: 'operator', created_at: now }).execute();
    return user.parentId;
  });
}
