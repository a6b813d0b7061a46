/** The identities bound to accounts (`auth_identity`): found by who they are, by account, and removed. */
import type { Db, Tx } from '@kernel/server/plugin';
import type {} from '../tables';

export interface BoundIdentity {
  id: number;
  provider: string;
  subject: string;
  openid: string;
  unionid: string;
  userId: number;
  createdAt: number;
}

type Q = Db | Tx;

const columns = ['id', 'provider', 'subject', 'openid', 'unionid', 'user_id', 'created_at'] as const;
type Row = { id: number; provider: string; subject: string; openid: string; unionid: string; user_id: number; created_at: number };
const bound = (r: Row): BoundIdentity => ({
  id: Number(r.id),
  provider: r.provider,
  subject: r.subject,
  openid: r.openid,
  unionid: r.unionid,
  userId: Number(r.user_id),
  createdAt: Number(r.created_at),
});

/** The account an identity is bound to, if any. */
export async function identityBySubject(q: Q, provider: string, subject: string): Promise<BoundIdentity | null> {
  const row = await q.selectFrom('auth_identity').select(columns).where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  return row ? bound(row) : null;
}

/** The account's identity on one platform (an account has at most one per platform). */
export async function identityOfUser(q: Q, provider: string, userId: number): Promise<BoundIdentity | null> {
  const row = await q.selectFrom('auth_identity').select(columns).where('provider', '=', provider).where('user_id', '=', userId).executeTakeFirst();
  return row ? bound(row) : null;
}

/** Every identity of the account, oldest first. */
export async function identitiesOf(q: Q, userId: number): Promise<BoundIdentity[]> {
  return (await q.selectFrom('auth_identity').select(columns).where('user_id', '=', userId).orderBy('id').execute()).map(bound);
}

/** The identity user info shows (`openid`, `unionid`): the platform's just used, else the newest bound. */
export async function shownIdentity(q: Q, userId: number, provider?: string): Promise<BoundIdentity | null> {
  const all = await identitiesOf(q, userId);
  return all.find((i) => i.provider === provider) ?? all.at(-1) ?? null;
}

/** Binds; false when either unique index holds another row already (the caller reads which). */
export async function insertIdentity(tx: Tx, identity: Omit<BoundIdentity, 'id'>): Promise<boolean> {
  const { provider, subject, openid, unionid, userId, createdAt } = identity;
  const row = await tx
    .insertInto('auth_identity')
    .values({ provider, subject, openid, unionid, user_id: userId, created_at: createdAt })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the account's identities (one platform's, or all); what it removed. */
export async function unbindIdentities(tx: Tx, userId: number, provider?: string): Promise<BoundIdentity[]> {
  let query = tx.deleteFrom('auth_identity').where('user_id', '=', userId);
  if (provider) query = query.where('provider', '=', provider);
  return (await query.returning(columns).execute()).map(bound).sort((a, b) => a.id - b.id);
}
