/**
 * Session tokens: random 32 bytes (base64url), stored as sha256. A login issues a pair — an
 * access token (2 h) and a refresh token (30 days) — tied by `family`. Refreshing rotates the
 * pair: the old refresh token and every access token of its family stop working.
 */
import crypto from 'node:crypto';
import type { Clock } from '../clock';
import type { AuthUser, Db, ServerServices, TokenPair, Tx } from '../plugin';
import { sha256 } from './hash';

export const ACCESS_TTL_SECONDS = 2 * 3600;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

const randomToken = () => crypto.randomBytes(32).toString('base64url');

export function createTokens(db: Db, clock: Clock): ServerServices['tokens'] {
  const seconds = () => Math.floor(clock.now() / 1000);

  const issueIn = async (tx: Tx, userId: number): Promise<TokenPair> => {
    const now = seconds();
    const token = randomToken();
    const refreshToken = randomToken();
    const family = sha256(refreshToken);
    // Expired rows of this user go on every login, so the table does not grow without bound.
    await tx.deleteFrom('kernel_token').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    await tx
      .insertInto('kernel_token')
      .values([
        { token_hash: family, user_id: userId, kind: 'refresh', family, expires_at: now + REFRESH_TTL_SECONDS, created_at: now },
        { token_hash: sha256(token), user_id: userId, kind: 'access', family, expires_at: now + ACCESS_TTL_SECONDS, created_at: now },
      ])
      .execute();
    return { token, refreshToken, expiresAt: now + ACCESS_TTL_SECONDS };
  };

  const findRefresh = (tx: Tx | Db, refreshToken: string) =>
    tx
      .selectFrom('kernel_token')
      .select(['family', 'user_id', 'expires_at'])
      .where('token_hash', '=', sha256(refreshToken))
      .where('kind', '=', 'refresh')
      .executeTakeFirst();

  return {
    issue: (userId, tx) => (tx ? issueIn(tx, userId) : db.transaction().execute((own) => issueIn(own, userId))),

    refresh: (refreshToken) =>
      db.transaction().execute(async (tx) => {
        const row = await findRefresh(tx, refreshToken);
        if (!row) return null;
        await tx.deleteFrom('kernel_token').where('family', '=', row.family).execute();
        if (row.expires_at <= seconds()) return null;
        const user = await tx.selectFrom('kernel_user').select('status').where('id', '=', row.user_id).executeTakeFirst();
        if (user?.status !== 1) return null;
        return issueIn(tx, row.user_id);
      }),

    async revoke(refreshToken) {
      const row = await findRefresh(db, refreshToken);
      if (row) await db.deleteFrom('kernel_token').where('family', '=', row.family).execute();
    },

    async revokeAll(userId) {
      await db.deleteFrom('kernel_token').where('user_id', '=', userId).execute();
    },

    async revokeOthers(userId, currentToken) {
      const current = await db
        .selectFrom('kernel_token')
        .select('family')
        .where('token_hash', '=', sha256(currentToken))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // A token that is not this user's keeps nothing: every session of the user ends.
      let query = db.deleteFrom('kernel_token').where('user_id', '=', userId);
      if (current) query = query.where('family', '!=', current.family);
      await query.execute();
    },

    async authenticate(token): Promise<AuthUser | null> {
      if (!token) return null;
      const row = await db
        .selectFrom('kernel_token')
        .innerJoin('kernel_user', 'kernel_user.id', 'kernel_token.user_id')
        .select(['kernel_user.id', 'kernel_user.username', 'kernel_user.is_staff'])
        .where('kernel_token.token_hash', '=', sha256(token))
        .where('kernel_token.kind', '=', 'access')
        .where('kernel_token.expires_at', '>', seconds())
        .where('kernel_user.status', '=', 1)
        .executeTakeFirst();
      return row ? { id: row.id, username: row.username, isStaff: row.is_staff === 1 } : null;
    },
  };
}
