/**
 * The shopper's session (spec §3, §4): user info persisted in Storage, logged in iff id and token
 * are set. Logout asks the server first and clears only when it answers code 1. A session the
 * server no longer accepts (a password changed elsewhere) ends quietly with `expire()`, which
 * remembers why until the next login, so the login page can say so calmly.
 */
import { proxy } from 'valtio';
import type { CallDef, PayloadIn } from '../core/contract';
import type { UserInfo } from '../core/user';
import type { Http, Session, SessionState, Storage } from './kernel';

export const USER_KEY = 'user';
/** Set while an expired session has not been explained yet (kept across a reload). */
export const EXPIRED_KEY = 'session_expired';

type SessionEvent = 'login' | 'logout';
type Listener = (user: UserInfo | null) => void;

export interface SessionDeps {
  storage: Storage;
  /** Resolved lazily: Http itself needs the session (token, 401 handling). */
  http: () => Http;
  /** The auth plugin's logout call (or its loader), when it provides one (see LogoutCall in tokens.ts). */
  logoutCall: () => CallDef | (() => Promise<CallDef>) | null;
}

/** A stored value is only trusted as a user when it has the fields the session relies on. */
function readUser(value: unknown): UserInfo | null {
  if (!value || typeof value !== 'object') return null;
  const user = value as Partial<UserInfo>;
  if (typeof user.id !== 'number' || typeof user.token !== 'string') return null;
  return value as UserInfo;
}

export function createSession({ storage, http, logoutCall }: SessionDeps): Session {
  const state: SessionState = proxy({
    user: readUser(storage.get<unknown>(USER_KEY, null)),
    expired: storage.get<unknown>(EXPIRED_KEY, false) === true,
    get loggedIn() {
      return Boolean(this.user?.id && this.user?.token);
    },
  });
  const listeners: Record<SessionEvent, Set<Listener>> = { login: new Set(), logout: new Set() };
  const emit = (event: SessionEvent, user: UserInfo | null) => listeners[event].forEach((listener) => listener(user));

  const persist = () => {
    if (state.user) storage.set(USER_KEY, state.user);
    else storage.remove(USER_KEY);
  };

  const setExpired = (expired: boolean) => {
    state.expired = expired;
    if (expired) storage.set(EXPIRED_KEY, true);
    else storage.remove(EXPIRED_KEY);
  };

  const clear = () => {
    const had = state.user !== null;
    state.user = null;
    persist();
    if (had) emit('logout', null);
  };

  return {
    state,
    login(user) {
      state.user = { ...user };
      persist();
      setExpired(false);
      emit('login', state.user);
    },
    update(fields) {
      if (!state.user) return;
      Object.assign(state.user, fields);
      persist();
    },
    async logout() {
      const user = state.user;
      if (!user) return true;
      const provided = logoutCall();
      if (!provided) {
        clear();
        return true;
      }
      try {
        const call = typeof provided === 'function' ? await provided() : provided;
        const payload = { refresh_token: user.refreshToken } as PayloadIn<typeof call>;
        const reply = await http().call(call, payload);
        if (reply.code !== 1) return false;
      } catch {
        // A failed request leaves the shopper logged in, as a code-0 reply does (spec §4).
        return false;
      }
      clear();
      return true;
    },
    clear,
    expire() {
      if (!state.user) return false;
      clear();
      setExpired(true);
      return true;
    },
    expiryShown: () => setExpired(false),
    on(event, listener) {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
  };
}
