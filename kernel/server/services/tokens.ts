/**
 * Session tokens: random 32 bytes (base64url), stored as sha256. A login starts a session and
 * issues a pair — an access token (2 h) and a refresh token (30 days) — tagged with the session's
 * id (`family`). Refreshing rotates the pair inside the same session: the old refresh token and
 * every access token issued before stop working, the session id stays, so a chat socket opened
 * with the old access token lives on. Every way a session ends is announced on `events`.
 */
import crypto from 'node:crypto';
import type { Clock } from '../clock';
import { statement } from '../db-statement';
import type { AuthUser, Db, ServerServices, TokenPair, Tx } from '../plugin';
import { sha256 } from './hash';
import type { SessionEvents } from './session-events';
import { createTokenCache, type TokenCache } from './token-cache';

export const ACCESS_TTL_SECONDS = 2 * 3600;
export const REFRESH_TTL_SECONDS = 30 * 24 * 3600;

const randomToken = () => crypto.randomBytes(32).toString('base64url');
const newSessionId = () => crypto.randomBytes(24).toString('base64url');

interface SessionRow {
  family: string;
  user_id: number;
}

/** The user of a live access token: compiled once (../db-statement.ts), as every signed-in call runs it. */
const tokenUser = statement((db, a: { hash: string; now: number }) =>
  db
    .selectFrom('kernel_token')
    .innerJoin('kernel_user', 'kernel_user.id', 'kernel_token.user_id')
    .select(['kernel_user.id', 'kernel_user.username', 'kernel_user.is_staff', 'kernel_token.family', 'kernel_token.expires_at'])
    .where('kernel_token.token_hash', '=', a.hash)
    .where('kernel_token.kind', '=', 'access')
    .where('kernel_token.expires_at', '>', a.now)
    .where('kernel_user.status', '=', 1),
);

/** `cache`: who recent access tokens belong to (./token-cache.ts); shared with `users`, which drops a locked account's. */
export function createTokens(db: Db, clock: Clock, events: SessionEvents, cache: TokenCache = createTokenCache()): ServerServices['tokens'] {
  // Sessions other nodes end reach this node's cache over the bus.
  events.subscribe((ended) => cache.dropSessions(ended.sessions));

  const issueIn = async (tx: Tx, userId: number, session: string): Promise<TokenPair> => {
    const now = clock.nowSeconds();
    const token = randomToken();
    const refreshToken = randomToken();
    // Expired rows of this user go on every login, so the table does not grow without bound.
    await tx.deleteFrom('kernel_token').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    await tx
      .insertInto('kernel_token')
      .values([
        { token_hash: sha256(refreshToken), user_id: userId, kind: 'refresh', family: session, expires_at: now + REFRESH_TTL_SECONDS, created_at: now },
        { token_hash: sha256(token), user_id: userId, kind: 'access', family: session, expires_at: now + ACCESS_TTL_SECONDS, created_at: now },
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

  /** Tells the subscribers (the hub) which sessions of which users just ended. */
  const announce = (ended: readonly SessionRow[]) => {
    const byUser = new Map<number, Set<string>>();
    for (const row of ended) byUser.set(row.user_id, (byUser.get(row.user_id) ?? new Set()).add(row.family));
    cache.dropSessions(ended.map((row) => row.family));
    for (const [userId, sessions] of byUser) events.publish({ userId, sessions: [...sessions] });
  };

  /** Deletes every token of these sessions, then announces them. */
  const endSessions = async (sessions: readonly SessionRow[]) => {
    if (sessions.length === 0) return;
    await db.deleteFrom('kernel_token').where('family', 'in', [...new Set(sessions.map((s) => s.family))]).execute();
    announce(sessions);
  };

  const sessionsOf = (userId: number) =>
    db.selectFrom('kernel_token').select(['family', 'user_id']).distinct().where('user_id', '=', userId).execute();

  return {
    issue: (userId, tx) =>
      tx ? issueIn(tx, userId, newSessionId()) : db.transaction().execute((own) => issueIn(own, userId, newSessionId())),

    async refresh(refreshToken) {
      const outcome = await db.transaction().execute(async (tx) => {
        const row = await findRefresh(tx, refreshToken);
        if (!row) return { pair: null, ended: null };
        await tx.deleteFrom('kernel_token').where('family', '=', row.family).execute();
        // The session's earlier access tokens stop working here at once (./token-cache.ts).
        cache.dropSessions([row.family]);
        const user = await tx.selectFrom('kernel_user').select('status').where('id', '=', row.user_id).executeTakeFirst();
        if (row.expires_at <= clock.nowSeconds() || user?.status !== 1) return { pair: null, ended: row };
        return { pair: await issueIn(tx, row.user_id, row.family), ended: null };
      });
      if (outcome.ended) announce([outcome.ended]);
      return outcome.pair;
    },

    async revoke(refreshToken) {
      const row = await findRefresh(db, refreshToken);
      if (row) await endSessions([row]);
    },

    async revokeAll(userId) {
      await endSessions(await sessionsOf(userId));
    },

    async revokeOthers(userId, currentToken) {
      const current = await db
        .selectFrom('kernel_token')
        .select('family')
        .where('token_hash', '=', sha256(currentToken))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // A token that is not this user's keeps nothing: every session of the user ends.
      await endSessions((await sessionsOf(userId)).filter((s) => s.family !== current?.family));
    },

    async end(sessionId) {
      const rows = await db.selectFrom('kernel_token').select(['family', 'user_id']).distinct().where('family', '=', sessionId).execute();
      await endSessions(rows);
      return rows.length > 0;
    },

    async session(token, kind) {
      if (!token) return null;
      const row = await db
        .selectFrom('kernel_token')
        .select(['family', 'user_id'])
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', kind)
        .where('expires_at', '>', clock.nowSeconds())
        .executeTakeFirst();
      return row ? { id: row.family, userId: row.user_id } : null;
    },

    async alive(sessionId) {
      const row = await db
        .selectFrom('kernel_token')
        .innerJoin('kernel_user', 'kernel_user.id', 'kernel_token.user_id')
        .select('kernel_token.user_id')
        .where('kernel_token.family', '=', sessionId)
        .where('kernel_token.kind', '=', 'refresh')
        .where('kernel_token.expires_at', '>', clock.nowSeconds())
        .where('kernel_user.status', '=', 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async authenticate(token): Promise<AuthUser | null> {
      if (!token) return null;
      const hash = sha256(token);
      const nowMs = clock.now();
      const known = cache.get(hash, nowMs);
      if (known) return known;
      const [row] = (await tokenUser(db, { hash, now: clock.nowSeconds() })).rows;
      if (!row) return null;
      const user = { id: row.id, username: row.username, isStaff: row.is_staff === 1 };
      cache.remember(hash, user, row.family, row.expires_at * 1000, nowMs);
      return user;
    },
  };
}
