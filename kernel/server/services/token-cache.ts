/**
 * Who an access token belongs to, remembered by this node for a few seconds, so a signed-in call
 * does not read the token and its user on every request (a shopper's page makes several calls at
 * once; a flash sale's crowd makes them all at once). What it costs, and how it is kept honest:
 * - ending a session (logout, revocation, a password change, a refresh turned away) drops its
 *   tokens here at once, and on every other node as soon as the bus carries the news
 *   (./session-events.ts);
 * - a refresh drops the session's earlier access tokens here at once; another node may still
 *   take one of them for up to `TOKEN_CACHE_MS`, from the same session that was just refreshed;
 * - locking an account through `users.update` drops its tokens here; another node, or an edit
 *   made straight in the database, takes effect within `TOKEN_CACHE_MS`;
 * - an entry never outlives its token's own expiry, and unknown tokens are never remembered.
 */
import type { AuthUser } from '../plugin';

export const TOKEN_CACHE_MS = 5_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  user: AuthUser;
  session: string;
  /** Milliseconds: the sooner of the token's expiry and the end of the cache's trust. */
  until: number;
}

export interface TokenCache {
  get(tokenHash: string, nowMs: number): AuthUser | undefined;
  remember(tokenHash: string, user: AuthUser, session: string, tokenExpiresAtMs: number, nowMs: number): void;
  dropSessions(sessions: readonly string[]): void;
  dropUser(userId: number): void;
}

export function createTokenCache(): TokenCache {
  const entries = new Map<string, Entry>();
  const dropWhere = (gone: (entry: Entry) => boolean) => {
    for (const [hash, entry] of entries) if (gone(entry)) entries.delete(hash);
  };
  return {
    get(tokenHash, nowMs) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (nowMs < entry.until) return entry.user;
      entries.delete(tokenHash);
      return undefined;
    },
    remember(tokenHash, user, session, tokenExpiresAtMs, nowMs) {
      // Oldest out first (a Map keeps insertion order).
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { user, session, until: Math.min(tokenExpiresAtMs, nowMs + TOKEN_CACHE_MS) });
    },
    dropSessions(sessions) {
      if (sessions.length === 0 || entries.size === 0) return;
      const ended = new Set(sessions);
      dropWhere((entry) => ended.has(entry.session));
    },
    dropUser(userId) {
      if (entries.size > 0) dropWhere((entry) => entry.user.id === userId);
    },
  };
}
